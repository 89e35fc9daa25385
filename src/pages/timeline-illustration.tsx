/**
 * A decorative sketch of TiLiA's stacked timelines for the home page hero. Purely visual,
 * hidden from assistive technology. Hierarchy colours follow the viewer's level colours.
 */
const hierarchyTop = [
  { x: 20, width: 210, label: 'A', fill: '#b7e4c7' },
  { x: 234, width: 226, label: 'B', fill: '#f4c7d0' },
];
const hierarchyBottom = [
  { x: 20, width: 100, label: 'a', fill: '#fbeec1' },
  { x: 124, width: 106, label: 'a′', fill: '#fbeec1' },
  { x: 234, width: 110, label: 'b', fill: '#a8dadc' },
  { x: 348, width: 112, label: 'c', fill: '#d7c6ef' },
];
const harmonies = [
  { x: 24, label: 'I' },
  { x: 96, label: 'IV' },
  { x: 170, label: 'V⁷' },
  { x: 238, label: 'vi' },
  { x: 318, label: 'ii⁶' },
  { x: 398, label: 'V' },
];
const beatXs = Array.from({ length: 28 }, (_, i) => 22 + i * 16.4);
const markers = [60, 188, 300, 420];

export function TimelineIllustration() {
  return (
    <svg
      className="timeline-illustration"
      viewBox="0 0 480 280"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.5" y="0.5" width="479" height="279" rx="14" fill="#ffffff" stroke="#d5dae1" />
      <HierarchyLevel units={hierarchyTop} top={20} />
      <HierarchyLevel units={hierarchyBottom} top={58} />
      <line x1="20" y1="128" x2="460" y2="128" stroke="#d5dae1" />
      {beatXs.map((x, i) => (
        <line
          key={x}
          x1={x}
          x2={x}
          y1={i % 4 === 0 ? 112 : 119}
          y2="128"
          stroke="#4a5363"
          strokeWidth={i % 4 === 0 ? 2 : 1}
        />
      ))}
      {markers.map((x) => (
        <path key={x} d={`M${x} 150 l8 10 l-8 10 l-8 -10 z`} fill="#0b6470" />
      ))}
      <line x1="20" y1="186" x2="460" y2="186" stroke="#eef1f4" />
      {harmonies.map((harmony) => (
        <text key={harmony.x} x={harmony.x} y="222" className="timeline-illustration__harmony">
          {harmony.label}
        </text>
      ))}
      <rect x="20" y="242" width="440" height="18" rx="3" fill="#eef1f4" />
      {Array.from({ length: 110 }, (_, i) => {
        const height = 3 + Math.abs(Math.sin(i * 0.7) * Math.cos(i * 0.23)) * 14;
        return (
          <rect
            key={i}
            x={21 + i * 4}
            y={251 - height / 2}
            width="2"
            height={height}
            fill="#6b8fc7"
          />
        );
      })}
      <line x1="276" y1="10" x2="276" y2="270" stroke="#e07a1f" strokeWidth="2" />
      <circle cx="276" cy="10" r="4" fill="#e07a1f" />
    </svg>
  );
}

interface HierarchyUnit {
  x: number;
  width: number;
  label: string;
  fill: string;
}

/** One level of the sketched hierarchy: its units in a row 34 high from `top`, each labelled. */
function HierarchyLevel({ units, top }: { units: HierarchyUnit[]; top: number }) {
  return units.map((unit) => (
    <g key={unit.label}>
      <rect x={unit.x} y={top} width={unit.width} height="34" rx="4" fill={unit.fill} />
      <text x={unit.x + 10} y={top + 22} className="timeline-illustration__label">
        {unit.label}
      </text>
    </g>
  ));
}
