import { type CSSProperties, useId } from "react";
import { product } from "../content/site";
import { OrangeSlice } from "./orange-slice";

/** A crimped seal edge: teeth 8 units wide between x 30 and 210, pointing up or down from `y`. */
function crimp(y: number, depth: number): string {
  let d = `M30 ${y}`;
  for (let x = 30; x < 210; x += 8) d += `L${x + 4} ${y + depth}L${x + 8} ${y}`;
  return d;
}

const topEdge = crimp(22, -7);
const bottomEdge = crimp(292, 7);

interface SachetProps {
  className?: string;
  width?: number;
  height?: number;
  style?: CSSProperties;
  /** Text for assistive technology; the drawing is decorative without it. */
  title?: string;
}

/** The orange 12.5 gm sachet, drawn for the brand: crimped seals, label, orange slice. */
export function Sachet({ className, width = 240, height = 320, style, title }: SachetProps) {
  const id = useId();
  const body = `${id}b`;
  const seal = `${id}s`;
  const a11y = title ? { role: "img", "aria-label": title } : { "aria-hidden": true };
  return (
    <svg className={className} style={style} viewBox="0 0 240 320" width={width} height={height} {...a11y}>
      <defs>
        <linearGradient id={body} x1="0" x2="1" y1="0" y2="0.35">
          <stop offset="0" stopColor="#ffab4f" />
          <stop offset="0.55" stopColor="#f28c28" />
          <stop offset="1" stopColor="#d9681a" />
        </linearGradient>
        <linearGradient id={seal} x1="0" x2="1">
          <stop offset="0" stopColor="#f39a3e" />
          <stop offset="1" stopColor="#d06016" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="306" rx="88" ry="9" fill="#3b2416" opacity="0.14" />
      {/* seals, then the filled pouch between them */}
      <path d={`${topEdge}V50H30Z`} fill={`url(#${seal})`} />
      <path d={`${bottomEdge}V262H30Z`} fill={`url(#${seal})`} />
      <path d="M30 48Q21 155 30 264H210Q219 155 210 48Z" fill={`url(#${body})`} />
      <path
        d="M30 30H210M30 38H210M30 276H210M30 284H210"
        stroke="#b4520c"
        strokeOpacity="0.35"
        strokeDasharray="2 3"
      />
      <path d="M44 56Q38 155 44 256" stroke="#fff" strokeOpacity="0.35" strokeWidth="7" fill="none" />
      {/* the label */}
      <rect x="52" y="70" width="136" height="168" rx="14" fill="#fffaf3" />
      <OrangeSlice cx={120} cy={112} r={25} />
      <path d="M127 84q14-12 26-4q-12 12-26 4Z" fill="#4f8a3c" />
      <text
        x="120"
        y="166"
        textAnchor="middle"
        style={{ fontFamily: "var(--font-display)" }}
        fontSize="27"
        fontWeight="650"
        fill="#3b2416"
      >
        {product.name}
      </text>
      <text
        x="120"
        y="184"
        textAnchor="middle"
        fontSize="8.6"
        fontWeight="700"
        letterSpacing="2"
        fill="#b4520c"
      >
        COLLAGEN PEPTIDE
      </text>
      <rect x="62" y="198" width="116" height="24" rx="12" fill="#f28c28" />
      <text x="120" y="214" textAnchor="middle" fontSize="11" fontWeight="700" fill="#3b2416">
        {product.sachet} · {product.flavour}
      </text>
    </svg>
  );
}
