import type { HairFamily } from './hairstyles.ts';

/**
 * Hair drawn behind the face (lengths that fall past it) and over it (crown, fringe), in a
 * 64 × 64 box, per family. Illustrative outlines only: the cards' names say what the style is.
 */
const SHAPES: Record<HairFamily, { back?: string; front: string }> = {
  'long-straight': {
    back: 'M15 30 Q15 12 32 12 Q49 12 49 30 L51 62 L13 62 Z',
    front: 'M19 32 Q18 15 32 15 Q46 15 45 32 Q42 21 32 20 Q22 21 19 32 Z',
  },
  'long-curly': {
    back: 'M14 30 Q13 11 32 11 Q51 11 50 30 Q55 38 50 46 Q55 54 49 62 L15 62 Q9 54 14 46 Q9 38 14 30 Z',
    front: 'M19 31 Q17 14 32 14 Q47 14 45 31 Q43 20 32 20 Q21 20 19 31 Z',
  },
  'medium-curly': {
    back: 'M13 30 Q12 10 32 10 Q52 10 51 30 Q56 38 50 46 Q46 52 40 49 L24 49 Q18 52 14 46 Q8 38 13 30 Z',
    front: 'M18 31 Q17 13 32 13 Q47 13 46 31 Q43 19 32 19 Q21 19 18 31 Z',
  },
  bob: {
    back: 'M16 30 Q15 13 32 13 Q49 13 48 30 L49 45 Q40 49 32 48 Q24 49 15 45 Z',
    front: 'M19 30 Q18 15 32 15 Q46 15 45 30 L45 25 Q32 20 19 25 Z',
  },
  'short-layered': {
    back: 'M17 32 Q15 13 32 13 Q49 13 47 32 L47 40 L43 36 L21 36 L17 40 Z',
    front: 'M19 31 Q18 15 32 15 Q46 15 45 31 Q40 22 30 24 Q23 25 19 31 Z',
  },
  pixie: { front: 'M19 31 Q17 14 32 14 Q47 14 45 29 Q38 21 26 27 Q22 29 19 33 Z' },
  mullet: {
    back: 'M18 30 Q17 14 32 14 Q47 14 46 30 L49 54 L41 49 L23 49 L15 54 Z',
    front: 'M19 30 Q18 15 32 15 Q46 15 45 30 Q40 22 32 22 Q24 22 19 30 Z',
  },
  hime: {
    back: 'M15 30 Q15 12 32 12 Q49 12 49 30 L50 62 L14 62 Z',
    front: 'M19 29 L19 21 Q32 12 45 21 L45 29 Z M17 26 L22 26 L22 45 L17 45 Z M42 26 L47 26 L47 45 L42 45 Z',
  },
  quiff: { front: 'M20 29 Q17 15 26 10 Q38 4 46 14 Q47 22 44 29 Q38 19 20 29 Z' },
  'side-part': { front: 'M20 30 Q18 15 32 15 Q46 15 45 30 Q43 20 27 22 Q22 24 20 30 Z M26 16 L25 22 L26 22 L27 16 Z' },
  undercut: { front: 'M21 25 Q21 12 33 12 Q45 12 44 23 Q36 18 21 25 Z M20 26 L22 26 L22 34 L20 34 Z M42 26 L44 26 L44 34 L42 34 Z' },
  crop: { front: 'M20 29 Q19 16 32 16 Q45 16 44 29 L44 25 Q32 22 20 25 Z' },
  mohican: { front: 'M28 21 L29 6 L32 13 L35 6 L36 21 Q32 19 28 21 Z' },
};

/** Skin and clothing tones of the neutral figure the hair is drawn on. */
const FACE = '#ecd5c1';
const SHOULDERS = '#d9d3c9';
/** Hair is dark brown by default so the outline reads on the light card. */
const HAIR = '#3a2a22';

export function HairSilhouette({ family, color = HAIR, className }: { family: HairFamily; color?: string; className?: string }) {
  const shape = SHAPES[family];
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {shape.back ? <path d={shape.back} fill={color} /> : null}
      <path d="M12 64 Q14 50 32 50 Q50 50 52 64 Z" fill={SHOULDERS} />
      <rect x={28} y={42} width={8} height={10} fill={FACE} />
      <ellipse cx={32} cy={32} rx={12} ry={14} fill={FACE} />
      <path d={shape.front} fill={color} />
    </svg>
  );
}
