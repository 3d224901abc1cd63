export type DiagramKind = "joint" | "skin" | "pelvic";
export type DiagramState = "before" | "after";

const brown = "#5e4c40";

/** A wavy line across the width at `y`, `amplitude` high, in `waves` waves. */
function wave(y: number, amplitude: number, waves: number, from = 8, to = 152): string {
  const step = (to - from) / (waves * 2);
  let d = `M${from} ${y}`;
  for (let i = 0; i < waves * 2; i += 1) {
    const x = from + step * (i + 1);
    d += `Q${(x - step / 2).toFixed(1)} ${i % 2 ? y + amplitude : y - amplitude} ${x.toFixed(1)} ${y}`;
  }
  return d;
}

/** Two bone ends and the cartilage between them: thin and worn, or full and smooth. */
function Joint({ after }: { after: boolean }) {
  return (
    <>
      {after && <ellipse cx="80" cy="76" rx="34" ry="9" fill="#fde1bd" />}
      <path d="M48 0v40q0 24 32 24t32-24V0z" fill="#f7ecdd" stroke={brown} strokeWidth="1.5" />
      <path d="M44 140V96q0-8 10-8h52q10 0 10 8v44z" fill="#f7ecdd" stroke={brown} strokeWidth="1.5" />
      <g
        stroke={after ? "#e0741a" : "#d9a679"}
        strokeWidth={after ? 7 : 3}
        strokeDasharray={after ? undefined : "9 5 4 6"}
        strokeLinecap="round"
        fill="none"
      >
        <path d="M50 46q2 20 30 20t30-20" />
        <path d="M52 86h56" />
      </g>
    </>
  );
}

/** Skin in section: surface, the collagen fibres of the deeper layer, the fat cells below. */
function Skin({ after }: { after: boolean }) {
  const fibres = after ? [52, 62, 72, 82, 92] : [60, 80];
  return (
    <>
      <rect x="8" y="36" width="144" height="68" fill="#fbe6d3" />
      <path d={`${wave(30, after ? 1.5 : 6, after ? 6 : 3)}V40H8z`} fill="#f2c29b" />
      {fibres.map((y, i) => (
        <path
          key={y}
          d={wave(y, 3, 5, i % 2 ? 14 : 8, i % 2 ? 152 : 146)}
          stroke={after ? "#e0741a" : "#d9a679"}
          strokeWidth="2.4"
          strokeDasharray={after ? undefined : "14 10"}
          fill="none"
        />
      ))}
      <rect x="8" y="104" width="144" height="32" fill="#fff3df" />
      <g fill="#f8dfb9" stroke="#e6c08f">
        {[24, 52, 80, 108, 136].map((x) => (
          <circle key={x} cx={x} cy="120" r="11" />
        ))}
      </g>
    </>
  );
}

/** The bowl of the pelvis with the supporting floor beneath: sagging, or firm and higher. */
function Pelvic({ after }: { after: boolean }) {
  const floor = after ? 104 : 124;
  return (
    <>
      <path
        d="M18 34q10-24 38-14 24 8 24 8t24-8q28-10 38 14 6 34-24 56l-12 10H54l-12-10Q12 68 18 34z"
        fill="#f7ecdd"
        stroke={brown}
        strokeWidth="1.5"
      />
      <ellipse cx="80" cy={after ? 66 : 80} rx="15" ry="19" fill="#f6c3a0" />
      {[0, 6, 12].slice(0, after ? 3 : 1).map((offset) => (
        <path
          key={offset}
          d={`M46 ${92 + offset / 2}Q80 ${floor + offset} 114 ${92 + offset / 2}`}
          stroke={after ? "#e0741a" : "#d9a679"}
          strokeWidth={after ? 3 : 2}
          strokeDasharray={after ? undefined : "6 5"}
          fill="none"
        />
      ))}
    </>
  );
}

const diagrams = { joint: Joint, skin: Skin, pelvic: Pelvic } as const;

/** A calm before/after diagram for the clinical results cards: no people, no figures. */
export function ResultDiagram({ kind, state }: { kind: DiagramKind; state: DiagramState }) {
  const Drawing = diagrams[kind];
  return (
    <svg viewBox="0 0 160 140" width="160" height="140" aria-hidden="true">
      <Drawing after={state === "after"} />
    </svg>
  );
}
