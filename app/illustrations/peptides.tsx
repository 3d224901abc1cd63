/** Three strands twisted into a fibre, as collagen is, from x 24 to 296 around y. */
function strand(y: number, phase: number): string {
  let d = "";
  for (let x = 24; x <= 296; x += 4) {
    const value = y + Math.sin((x / 34) * Math.PI + phase) * 12;
    d += `${d ? "L" : "M"}${x} ${value.toFixed(1)}`;
  }
  return d;
}

const strands = [
  { d: strand(58, 0), colour: "#e0741a" },
  { d: strand(58, 2.1), colour: "#b4520c" },
  { d: strand(58, 4.2), colour: "#f6b26b" },
];

/** Where the short peptides sit after hydrolysis: x, y and a tilt. */
const peptides = [
  [52, 160, -18],
  [104, 186, 12],
  [150, 150, -6],
  [196, 184, 20],
  [246, 158, -14],
  [84, 132, 28],
  [226, 124, 8],
] as const;

/** A collagen fibre above, cut by hydrolysis into the short peptides below. */
export function PeptideIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 220" width="320" height="220" aria-hidden="true">
      <rect width="320" height="220" rx="24" fill="#fdebd6" />
      {strands.map((s) => (
        <path key={s.colour} d={s.d} stroke={s.colour} strokeWidth="5" fill="none" strokeLinecap="round" />
      ))}
      <path d="M160 86v22m-8-8 8 8 8-8" stroke="#5e4c40" strokeWidth="3" fill="none" strokeLinecap="round" />
      {peptides.map(([x, y, tilt]) => (
        <g key={`${x}-${y}`} transform={`rotate(${tilt} ${x} ${y})`}>
          <path d={`M${x - 16} ${y}q8-8 16 0t16 0`} stroke="#e0741a" strokeWidth="4" fill="none" />
          <circle cx={x - 16} cy={y} r="4.5" fill="#b4520c" />
          <circle cx={x} cy={y} r="4.5" fill="#f28c28" />
          <circle cx={x + 16} cy={y} r="4.5" fill="#b4520c" />
        </g>
      ))}
    </svg>
  );
}
