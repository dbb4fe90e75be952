/**
 * The source pictures of the landing pages' examples: original illustrations drawn here as SVG
 * (dedicated to the public domain, CC0: public/examples/LICENSE.md), which scripts/make-examples.ts
 * renders with sharp and hands to the built-in engine. They are drawn the way a seller
 * photographs: one subject on a plain backdrop, the garments flat on white.
 */

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Skin shading, left to right (darker edges give the limbs their roundness). */
const SKIN_GRADIENT = `<linearGradient id="skin" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#b98662"/><stop offset="0.5" stop-color="#ecc4a0"/><stop offset="1" stop-color="#ad7b57"/></linearGradient>`;

/**
 * A 640×960 full-length model in plain basics on a light studio backdrop: hair in a low bun, arms
 * held a little away from the body and legs apart, so her silhouette reads the way a model
 * photo's does (head top ~40 px, shoulders ~190, crotch ~520, ankles ~880).
 */
export function modelSvg(): string {
  return svg(
    640,
    960,
    `<defs>${SKIN_GRADIENT}
    <linearGradient id="fold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="hair" cx="0.45" cy="0.3" r="0.8"><stop offset="0" stop-color="#4a3426"/><stop offset="1" stop-color="#1e1510"/></radialGradient>
  </defs>
  <rect width="640" height="960" fill="#e4e0da"/>
  <ellipse cx="320" cy="96" rx="56" ry="58" fill="url(#hair)"/>
  <ellipse cx="320" cy="112" rx="42" ry="54" fill="url(#skin)"/>
  <path d="M276 92 Q300 50 352 64 Q372 76 366 100 Q338 70 296 86 Z" fill="url(#hair)"/>
  <ellipse cx="352" cy="150" rx="20" ry="16" fill="#2a1d15"/>
  <path d="M300 108 q8 -5 16 0 M326 108 q8 -5 16 0" stroke="#3b2a20" stroke-width="3" fill="none" stroke-linecap="round"/>
  <ellipse cx="308" cy="118" rx="4" ry="3" fill="#2b201a"/><ellipse cx="334" cy="118" rx="4" ry="3" fill="#2b201a"/>
  <path d="M321 122 q-4 14 2 18" stroke="#b07a58" stroke-width="2.5" fill="none" stroke-linecap="round"/>
  <path d="M308 146 q13 8 26 0 q-13 3 -26 0 Z" fill="#b5524f"/>
  <rect x="300" y="160" width="40" height="34" fill="url(#skin)"/>
  <path d="M224 192 Q320 168 416 192 L400 350 L408 464 L232 464 L240 350 Z" fill="url(#skin)"/>
  <path d="M250 222 Q320 206 390 222 L386 292 Q320 304 254 292 Z" fill="#8d8479"/>
  <rect x="240" y="300" width="160" height="28" fill="url(#fold)"/>
  <path d="M220 196 L248 208 L228 472 L200 472 Z" fill="url(#skin)"/>
  <path d="M420 196 L392 208 L412 472 L440 472 Z" fill="url(#skin)"/>
  <ellipse cx="214" cy="484" rx="15" ry="20" fill="url(#skin)"/>
  <ellipse cx="426" cy="484" rx="15" ry="20" fill="url(#skin)"/>
  <path d="M232 456 L312 456 L300 880 L260 880 Z" fill="url(#skin)"/>
  <path d="M328 456 L408 456 L380 880 L340 880 Z" fill="url(#skin)"/>
  <ellipse cx="276" cy="892" rx="28" ry="13" fill="#5c4536"/>
  <ellipse cx="364" cy="892" rx="28" ry="13" fill="#5c4536"/>
  <path d="M232 428 L408 428 L408 472 L324 516 L316 516 L232 472 Z" fill="#8d8479"/>`,
  );
}

/** A flat garment drawing of `width`×`height` on white: the shape, then details over it. */
const onWhite = (width: number, height: number, body: string) => svg(width, height, `<rect width="${width}" height="${height}" fill="#ffffff"/>${body}`);

/**
 * An áo dài, laid flat: fitted bodice with a mandarin collar, the diagonal closure from collar to
 * armpit, long sleeves, and the two long panels split from the waist, in lotus-pink silk with a
 * small flower print.
 */
export function aoDaiSvg(): string {
  const flowers = Array.from({ length: 22 }, (_, k) => {
    const x = 150 + ((k * 53) % 200);
    const y = 190 + ((k * 97) % 560);
    return `<g transform="translate(${x} ${y})" fill="#fff3f5" opacity="0.9">
      <circle r="6" cx="0" cy="-7"/><circle r="6" cx="7" cy="0"/><circle r="6" cx="0" cy="7"/><circle r="6" cx="-7" cy="0"/><circle r="4" fill="#e8b44c"/></g>`;
  }).join('');
  return onWhite(
    500,
    820,
    `<defs><clipPath id="cloth"><path id="shape" d="M205 40 L295 40 L300 60 L360 78 L470 300 L440 318 L352 170 L345 300 L400 790 L262 790 L250 330 L238 790 L100 790 L155 300 L148 170 L60 318 L30 300 L140 78 L200 60 Z"/></clipPath>
    <linearGradient id="silk" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9577a"/><stop offset="0.5" stop-color="#ef7f9c"/><stop offset="1" stop-color="#d14f73"/></linearGradient></defs>
  <g clip-path="url(#cloth)"><rect width="500" height="820" fill="url(#silk)"/>${flowers}</g>
  <path d="M205 40 L295 40 L296 62 L204 62 Z" fill="#c2466a"/>
  <path d="M250 62 Q300 90 345 120" stroke="#a83657" stroke-width="4" fill="none"/>
  <path d="M250 330 L250 790" stroke="#ffffff" stroke-width="6"/>`,
  );
}

/** Wide-leg trousers in ivory silk, worn under the áo dài. */
export function silkTrousersSvg(): string {
  return onWhite(
    420,
    780,
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e3dccd"/><stop offset="0.5" stop-color="#f3eee3"/><stop offset="1" stop-color="#dcd4c3"/></linearGradient></defs>
  <path d="M90 30 L330 30 L390 750 L240 750 L210 230 L180 750 L30 750 Z" fill="url(#w)" stroke="#c2b8a3" stroke-width="4"/>
  <path d="M90 30 L330 30 L332 60 L88 60 Z" fill="#d8cfbd"/>`,
  );
}

/** A short-sleeved linen shirt in pale blue: collar, button placket, chest pocket. */
export function shirtSvg(): string {
  const buttons = [120, 190, 260, 330, 400].map((y) => `<circle cx="250" cy="${y}" r="7" fill="#f4f1ea" stroke="#8aa3bf" stroke-width="2"/>`).join('');
  return onWhite(
    500,
    520,
    `<defs><linearGradient id="linen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8fb1d6"/><stop offset="0.5" stop-color="#b4cde8"/><stop offset="1" stop-color="#89abd0"/></linearGradient></defs>
  <path d="M130 40 L205 20 Q250 60 295 20 L370 40 L480 140 L420 210 L375 170 L375 490 L125 490 L125 170 L80 210 L20 140 Z" fill="url(#linen)"/>
  <path d="M205 20 L250 80 L230 110 L180 40 Z M295 20 L250 80 L270 110 L320 40 Z" fill="#a7c2e0" stroke="#7c9cc2" stroke-width="2"/>
  <path d="M238 80 L238 490 M262 80 L262 490" stroke="#7c9cc2" stroke-width="2"/>
  <path d="M290 170 L350 170 L350 235 L290 235 Z" fill="none" stroke="#7c9cc2" stroke-width="3"/>${buttons}`,
  );
}

/** Sand-coloured straight trousers with a belt line and creases. */
export function chinosSvg(): string {
  return onWhite(
    400,
    760,
    `<defs><linearGradient id="sand" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b8a07c"/><stop offset="0.5" stop-color="#d4bd98"/><stop offset="1" stop-color="#b09676"/></linearGradient></defs>
  <path d="M80 20 L320 20 L350 740 L225 740 L200 200 L175 740 L50 740 Z" fill="url(#sand)"/>
  <path d="M80 20 L320 20 L322 56 L78 56 Z" fill="#9e8664"/>
  <path d="M128 70 L112 740 M272 70 L288 740" stroke="#9e8664" stroke-width="3" opacity="0.7"/>`,
  );
}

/**
 * A product shot as a seller takes it at the end of the day: a ceramic skincare bottle and its
 * box on a plain wall, dim and a little cold (960×960).
 */
export function productSvg(): string {
  return svg(
    960,
    960,
    `<defs>
    <linearGradient id="bottle" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7f8f8a"/><stop offset="0.45" stop-color="#b9c7c1"/><stop offset="1" stop-color="#6c7b77"/></linearGradient>
    <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5f5244"/><stop offset="0.5" stop-color="#8c7a66"/><stop offset="1" stop-color="#54483b"/></linearGradient>
    <linearGradient id="box" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#a99a86"/><stop offset="1" stop-color="#8d7f6c"/></linearGradient>
  </defs>
  <rect width="960" height="960" fill="#a9adb0"/>
  <ellipse cx="470" cy="790" rx="300" ry="34" fill="#8f9396"/>
  <path d="M520 420 L720 420 L720 780 L520 780 Z" fill="url(#box)"/>
  <path d="M520 420 L560 380 L760 380 L720 420 Z" fill="#bcae99"/>
  <path d="M720 420 L760 380 L760 740 L720 780 Z" fill="#786b5a"/>
  <text x="620" y="560" font-family="serif" font-size="40" text-anchor="middle" fill="#4a4036">LÀNG</text>
  <text x="620" y="600" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#4a4036" letter-spacing="4">TINH DẦU SẢ</text>
  <rect x="300" y="330" width="180" height="460" rx="36" fill="url(#bottle)"/>
  <rect x="350" y="250" width="80" height="90" rx="10" fill="url(#cap)"/>
  <rect x="330" y="470" width="120" height="160" rx="8" fill="#e7e1d6"/>
  <text x="390" y="540" font-family="serif" font-size="30" text-anchor="middle" fill="#3e3a33">LÀNG</text>
  <text x="390" y="575" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#3e3a33" letter-spacing="3">SERUM</text>
  <rect x="318" y="350" width="22" height="410" rx="11" fill="#ffffff" opacity="0.25"/>`,
  );
}

/** A handbag photographed on a white sweep, for background removal (800×800). */
export function handbagSvg(): string {
  return svg(
    800,
    800,
    `<defs><linearGradient id="leather" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b5623a"/><stop offset="1" stop-color="#7d3a1f"/></linearGradient></defs>
  <rect width="800" height="800" fill="#f4f3f0"/>
  <path d="M270 330 Q270 170 400 170 Q530 170 530 330" stroke="#6e3219" stroke-width="26" fill="none"/>
  <path d="M170 330 L630 330 L670 640 Q670 660 650 660 L150 660 Q130 660 130 640 Z" fill="url(#leather)"/>
  <path d="M170 330 L630 330 L636 380 L164 380 Z" fill="#8c4324"/>
  <rect x="370" y="390" width="60" height="44" rx="6" fill="#d9b45a" stroke="#9a7a2e" stroke-width="3"/>
  <path d="M160 420 L640 420" stroke="#f0c9a0" stroke-width="2" stroke-dasharray="10 8" opacity="0.7"/>`,
  );
}

/**
 * A 640×800 head-and-shoulders portrait: long dark hair with lighter strands, a face, a cream
 * top, on a pale backdrop. The hair spans about x 170..470, y 70..560.
 */
export function portraitSvg(): string {
  const strands = Array.from({ length: 26 }, (_, k) => {
    const x = 196 + k * 10;
    const bend = k % 2 === 0 ? -18 : 14;
    return `<path d="M${x} 90 Q${x + bend} 300 ${x - 6 + (k % 3) * 4} 540" stroke="${k % 3 === 0 ? '#6e4c35' : '#4d3424'}" stroke-width="${k % 4 === 0 ? 4 : 2.5}" fill="none" opacity="0.85"/>`;
  }).join('');
  return svg(
    640,
    800,
    `<defs>${SKIN_GRADIENT}</defs>
  <rect width="640" height="800" fill="#ece6df"/>
  <path d="M320 64 Q472 70 464 250 L478 560 Q400 590 320 560 Q240 590 162 560 L176 250 Q168 70 320 64 Z" fill="#2c1e16"/>
  ${strands}
  <path d="M130 800 Q150 610 320 590 Q490 610 510 800 Z" fill="#e9dcc6"/>
  <path d="M280 520 L360 520 L364 610 Q320 636 276 610 Z" fill="url(#skin)"/>
  <ellipse cx="320" cy="330" rx="96" ry="124" fill="url(#skin)"/>
  <path d="M228 270 Q300 170 412 262 Q380 180 320 176 Q250 176 228 270 Z" fill="#2c1e16"/>
  <path d="M268 318 q18 -10 36 0 M336 318 q18 -10 36 0" stroke="#3b2a20" stroke-width="4" fill="none" stroke-linecap="round"/>
  <ellipse cx="287" cy="338" rx="8" ry="6" fill="#2b201a"/><ellipse cx="353" cy="338" rx="8" ry="6" fill="#2b201a"/>
  <path d="M320 348 q-8 30 4 38" stroke="#b07a58" stroke-width="3" fill="none" stroke-linecap="round"/>
  <path d="M292 412 q28 16 56 0 q-28 6 -56 0 Z" fill="#b5524f"/>`,
  );
}

/**
 * The brush strokes a stylist paints over `portraitSvg`'s hair in the studio (white = change),
 * at the portrait's size: loose strokes over the crown and down both sides, catching a little
 * backdrop at the edges the way a finger on a tablet does.
 */
export function hairMaskSvg(): string {
  return svg(
    640,
    800,
    `<rect width="640" height="800" fill="#000"/>
  <path d="M320 56 Q484 62 472 250 L486 566 L398 566 L404 300 Q396 200 320 186 Q244 200 236 300 L242 566 L154 566 L168 250 Q156 62 320 56 Z" fill="#fff"/>`,
  );
}
