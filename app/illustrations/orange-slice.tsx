interface OrangeSliceProps {
  cx: number;
  cy: number;
  r: number;
}

/** A cut orange seen from above: rind, pith, eight segments. Drawn inside other illustrations. */
export function OrangeSlice({ cx, cy, r }: OrangeSliceProps) {
  const inner = r * 0.82;
  let spokes = "";
  for (let i = 0; i < 8; i += 1) {
    const angle = (i * Math.PI) / 4;
    spokes += `M${cx} ${cy}L${(cx + Math.cos(angle) * inner).toFixed(1)} ${(cy + Math.sin(angle) * inner).toFixed(1)}`;
  }
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill="#f28c28" />
      <circle cx={cx} cy={cy} r={r * 0.88} fill="#fff3df" />
      <circle cx={cx} cy={cy} r={inner} fill="#ffb54d" />
      <path d={spokes} stroke="#fff3df" strokeWidth={r * 0.09} strokeLinecap="round" />
      <circle cx={cx} cy={cy} r={r * 0.1} fill="#fff3df" />
    </g>
  );
}
