import type { Recipe } from "../content/landing";
import { OrangeSlice } from "./orange-slice";

/** Soft backdrop and table line shared by the three recipe drawings. */
function Backdrop() {
  return (
    <>
      <rect width="240" height="160" fill="#fbe9d2" />
      <circle cx="196" cy="30" r="46" fill="#fde1bd" />
      <circle cx="34" cy="132" r="40" fill="#f6dcc0" />
      <rect y="134" width="240" height="26" fill="#efdcc4" />
    </>
  );
}

function Smoothie() {
  return (
    <>
      <path d="M132 20l-20 54" stroke="#3b2416" strokeWidth="5" strokeLinecap="round" />
      <path d="M86 42h68l-8 96h-52z" fill="#fffaf3" />
      <path d="M89 60h62l-6 74h-50z" fill="#f7a04a" />
      <path d="M89 60h62l-1.6 18h-58.8z" fill="#ffc27a" />
      <rect x="100" y="66" width="12" height="12" rx="2" fill="#fff" opacity="0.6" />
      <rect x="124" y="70" width="11" height="11" rx="2" fill="#fff" opacity="0.5" />
      <OrangeSlice cx={152} cy={46} r={16} />
      <circle cx="58" cy="120" r="17" fill="#f28c28" />
      <path d="M58 103q7-9 16-6q-6 9-16 6z" fill="#4f8a3c" />
      <ellipse cx="190" cy="126" rx="22" ry="10" fill="#ffd38e" />
      <path d="M172 124q18-16 36 0" fill="#f6c264" />
    </>
  );
}

function FruitBowl() {
  return (
    <>
      <ellipse cx="120" cy="82" rx="74" ry="14" fill="#e3cfb3" />
      <circle cx="90" cy="72" r="14" fill="#6aa84f" />
      <circle cx="90" cy="72" r="10" fill="#c6e39a" />
      <circle cx="90" cy="72" r="3" fill="#fffaf3" />
      <OrangeSlice cx={124} cy={66} r={17} />
      <circle cx="154" cy="74" r="13" fill="#6aa84f" />
      <circle cx="154" cy="74" r="9" fill="#c6e39a" />
      <rect x="100" y="60" width="12" height="12" rx="3" fill="#f59e3b" transform="rotate(-12 106 66)" />
      <rect x="138" y="58" width="11" height="11" rx="3" fill="#f59e3b" transform="rotate(14 143 63)" />
      <g fill="#c2313c">
        <circle cx="110" cy="80" r="3.2" />
        <circle cx="117" cy="82" r="3.2" />
        <circle cx="139" cy="80" r="3.2" />
        <circle cx="75" cy="79" r="3.2" />
        <circle cx="168" cy="80" r="3.2" />
      </g>
      <path d="M46 82h148q-6 54-74 56q-68-2-74-56z" fill="#fffaf3" />
      <path d="M52 96h136" stroke="#f28c28" strokeWidth="4" />
      <path d="M98 138h44l4 6h-52z" fill="#e3cfb3" />
    </>
  );
}

function Pancake() {
  const layers = [118, 106, 94, 82];
  return (
    <>
      <ellipse cx="120" cy="132" rx="88" ry="16" fill="#fffaf3" />
      <ellipse cx="120" cy="130" rx="70" ry="10" fill="#f4e6d3" />
      {layers.map((y) => (
        <g key={y}>
          <ellipse cx="120" cy={y + 4} rx="58" ry="13" fill="#c8782f" />
          <ellipse cx="120" cy={y} rx="58" ry="13" fill="#f0b45f" />
        </g>
      ))}
      <path d="M80 82q6 16 2 28M150 84q-2 12 6 24" stroke="#d9681a" strokeWidth="5" strokeLinecap="round" />
      <path d="M100 80q20 8 40 0" stroke="#d9681a" strokeWidth="5" strokeLinecap="round" fill="none" />
      <path d="M106 70q14-26 30 0z" fill="#f28c28" />
      <path d="M110 70q10-18 22 0" stroke="#ffc27a" strokeWidth="2" fill="none" />
      <path d="M132 66q8-10 18-6q-8 10-18 6z" fill="#4f8a3c" />
    </>
  );
}

const drawings: Record<Recipe["key"], () => React.JSX.Element> = {
  smoothie: Smoothie,
  "fruit-bowl": FruitBowl,
  pancake: Pancake,
};

/** The illustrated top of a recipe card. */
export function RecipeIllustration({ recipe, className }: { recipe: Recipe["key"]; className?: string }) {
  const Drawing = drawings[recipe];
  return (
    <svg className={className} viewBox="0 0 240 160" width="240" height="160" aria-hidden="true">
      <Backdrop />
      <Drawing />
    </svg>
  );
}
