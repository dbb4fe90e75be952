/**
 * The image-editing vocabulary of the local engine: what an instruction may ask, in Vietnamese
 * (with or without diacritics) and English. `parseEdits` turns an instruction into an ordered
 * list of edits; several edits in one instruction apply in the order written
 * ("tăng sáng, cắt 1:1 và đen trắng" = brightness, then crop, then black and white).
 *
 * | Edit | Vietnamese | English | Amount |
 * | --- | --- | --- | --- |
 * | brightness | tăng độ sáng, sáng hơn, làm sáng / giảm độ sáng, tối hơn, làm tối | brighter, brighten, lighter / darker, darken, brightness +20% | ±20% by default |
 * | contrast | tăng tương phản, tương phản hơn / giảm tương phản | more contrast, contrast +30% / less contrast | ±25% |
 * | saturation | rực rỡ, tăng độ bão hòa, màu tươi hơn / nhạt màu, giảm bão hòa | vivid, vibrant, saturate, more colourful / desaturate, muted | ±30% |
 * | warmth | ấm hơn, tông ấm / lạnh hơn, mát hơn, tông lạnh | warmer / cooler, colder | ±30% |
 * | black and white | đen trắng, trắng đen, thang xám | black and white, b&w, grayscale, monochrome | |
 * | sepia | sepia, cổ điển, hoài cổ, ảnh cũ | sepia, vintage, retro, old photo | |
 * | invert | âm bản, đảo màu | invert, negative | |
 * | auto levels | tự động cân bằng, cân bằng màu | auto enhance, auto levels, normalize | |
 * | sharpen | làm nét, nét hơn, sắc nét, rõ nét | sharpen, sharper, crisp | |
 * | blur | làm mờ, mờ hơn, làm nhòe | blur, soften, blurry | |
 * | crop to a ratio | cắt 1:1, cắt vuông, tỉ lệ 4:5 | crop to 16:9, square, aspect 3:2 | centred |
 * | rotate | xoay 90, xoay phải / xoay trái, lộn ngược | rotate 90, rotate left / right, upside down | 90 / 180 / 270 |
 * | flip | lật ngang, soi gương / lật dọc | flip, mirror, flip horizontally / flip vertically | |
 * | remove background | xóa nền, tách nền, bỏ nền, nền trong suốt | remove background, transparent background, cut out | plain backdrops |
 * | resize | rộng 1080, cao 720, đổi kích thước 1200 | width 1080, height 720, resize to 1200 (longest side) | 16-4096 px |
 * | grid (several images) | ghép lưới, ghép ảnh, ghép thành 1 ảnh | grid, collage, combine into one | |
 *
 * Amounts: a percentage in the same phrase ("+20%", "-10 %") sets the size and sign; "một
 * chút / hơi / nhẹ" and "slightly / a bit / a little" halve the default, "rất / nhiều / mạnh"
 * and "very / much / a lot / strongly" double it. Phrases are separated by commas, semicolons,
 * full stops, "và / rồi / sau đó / then / and". A phrase nothing matches is reported back as
 * ignored, and one asking for a new background ("đổi nền thành màu trắng", "white background")
 * as unsupported, both as written: the engine's plan (./local-engine-plan.ts) names them as what
 * it cannot do before anything is charged.
 */

export type Edit =
  | { op: 'brightness'; amount: number }
  | { op: 'contrast'; amount: number }
  | { op: 'saturation'; amount: number }
  | { op: 'warmth'; amount: number }
  | { op: 'grayscale' }
  | { op: 'sepia' }
  | { op: 'invert' }
  | { op: 'autoLevels' }
  | { op: 'sharpen'; amount: number }
  | { op: 'blur'; amount: number }
  | { op: 'crop'; ratio: [number, number] }
  | { op: 'rotate'; degrees: 90 | 180 | 270 }
  | { op: 'flip'; axis: 'horizontal' | 'vertical' }
  | { op: 'removeBackground' }
  | { op: 'resize'; width?: number; height?: number; longSide?: number };

export type EditLanguage = 'vi' | 'en';

/** Requests the local engine recognises but cannot do (a generative model could). */
export type UnsupportedEdit = 'replaceBackground';

export interface ParsedInstruction {
  edits: Edit[];
  /** Several images composed into one grid ("ghép lưới", "grid", "collage"). */
  grid: boolean;
  language: EditLanguage;
  /** Phrases of the instruction nothing matched, as the person wrote them. */
  ignored: string[];
  /** Phrases that ask for something the local engine recognises but cannot do, as written. */
  unsupported: Array<{ edit: UnsupportedEdit; phrase: string }>;
}

/** Default sizes of the adjustable edits (fractions: 0.2 = 20%). */
const DEFAULT_AMOUNT = { brightness: 0.2, contrast: 0.25, saturation: 0.3, warmth: 0.3, sharpen: 1, blur: 1 } as const;
/** Largest output side a resize may ask for, px. */
export const MAX_RESIZE_PX = 4096;
const MIN_RESIZE_PX = 16;

/** Lower case, no diacritics, đ → d: the form every pattern below is written in. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase();
}

const VIETNAMESE_LETTERS = /[àáảãạăắằẳẵặâấầẩẫậèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵđ]/i;
/** Common Vietnamese words as typed without diacritics (two of them make an instruction Vietnamese). */
const VIETNAMESE_WORDS = new Set([
  'anh',
  'lam',
  'cho',
  'hon',
  'mau',
  'nen',
  'tang',
  'giam',
  'xoa',
  'cat',
  'xoay',
  'lat',
  'den',
  'trang',
  'sang',
  'rat',
  'mot',
  'chut',
  'va',
  'cua',
  'nay',
  'giup',
  'minh',
  'toi',
  'muon',
  'hay',
  'bot',
  'them',
  'nhe',
  'hoi',
  'ghep',
  'luoi',
]);

/**
 * The language an instruction is written in: Vietnamese when it has Vietnamese letters, or
 * Vietnamese words typed without diacritics (two of them, or half the words of a short one).
 */
export function instructionLanguage(text: string): EditLanguage {
  if (VIETNAMESE_LETTERS.test(text)) return 'vi';
  const words = fold(text)
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0);
  const vietnamese = words.filter((word) => VIETNAMESE_WORDS.has(word)).length;
  return vietnamese >= 2 || (vietnamese > 0 && vietnamese * 2 >= words.length) ? 'vi' : 'en';
}

/** What the local engine understands, short, for the `unknownEdit` message's `{edits}`. */
export function understoodEdits(language: EditLanguage): string {
  return language === 'vi'
    ? 'tăng/giảm độ sáng, tương phản, độ bão hòa (rực rỡ), ấm hơn/lạnh hơn, đen trắng, sepia, làm nét, làm mờ, cắt theo tỉ lệ (cắt 1:1), xoay 90/180/270, lật ngang/dọc, xóa nền, đổi kích thước (rộng 1080), ghép lưới'
    : 'brightness, contrast, saturation, warmer/cooler, black and white, sepia, sharpen, blur, crop to a ratio (crop 1:1), rotate 90/180/270, flip horizontal/vertical, remove background, resize (width 1080), grid';
}

// ── Patterns (on folded text) ─────────────────────────────────────────────────────────

const UP_WORDS = /\b(tang|them|more|increase|boost|raise|higher|up|len)\b|\+\s*\d/;
const DOWN_WORDS = /\b(giam|bot|less|decrease|reduce|lower|down|it hon)\b|-\s*\d/;
const SOFT_WORDS = /\b(mot chut|mot it|hoi|nhe|slightly|a bit|a little|a touch|subtle|subtly)\b/;
const STRONG_WORDS = /\b(rat|nhieu|manh|very|much|a lot|strongly|way)\b/;
const PERCENT = /([+-]?)\s*(\d{1,3}(?:[.,]\d+)?)\s*%/;

interface Adjustable {
  op: 'brightness' | 'contrast' | 'saturation' | 'warmth';
  up: RegExp;
  down: RegExp;
  /** A mention without a direction: the sign comes from the phrase's words or number (default up). */
  neutral: RegExp;
}

const ADJUSTABLE: readonly Adjustable[] = [
  {
    op: 'brightness',
    up: /\b(tang (do )?sang|sang hon|sang len|lam sang|brighter|brighten|lighten|lighter)\b/,
    down: /\b(giam (do )?sang|toi hon|toi di|toi lai|lam toi|darker|darken)\b/,
    neutral: /\b(do sang|brightness|exposure|phoi sang)\b/,
  },
  {
    op: 'contrast',
    up: /\b(tuong phan hon|more contrast|punchier)\b/,
    down: /\b(less contrast|flatter)\b/,
    neutral: /\b(tuong phan|contrast)\b/,
  },
  {
    op: 'saturation',
    up: /\b(ruc ro|tuoi hon|mau tuoi|dam mau|mau dam hon|saturate|vivid|vibrant|more colou?rful|colou?rful)\b/,
    down: /\b(desaturate|nhat mau|mau nhat|muted|less saturat\w*|less colou?rful)\b/,
    neutral: /\b(do bao hoa|bao hoa|saturation)\b/,
  },
  {
    op: 'warmth',
    up: /\b(am hon|tong am|am ap|am len|warmer|warm up|warm)\b/,
    down: /\b(lanh hon|tong lanh|mat hon|lanh di|cooler|colder|cool down|cool)\b/,
    neutral: /\b(nhiet do mau|colou?r temperature|white balance|can bang trang)\b/,
  },
];

interface Fixed {
  pattern: RegExp;
  edit: Edit;
}

/**
 * A new background (a colour or a scene) instead of the old one: "đổi nền thành màu trắng",
 * "nền trắng", "replace the background", "white background". The local engine can remove a plain
 * backdrop but not paint a new one, so these are named back as what it cannot do.
 */
const REPLACE_BACKGROUND =
  /\b(doi nen|thay nen|doi phong nen|thay phong nen|doi background|thay background|nen (mau )?(trang|den|xanh|do|vang|hong|xam|be|kem|moi)|(change|replace|swap) (the )?(background|bg|backdrop)|(white|black|new|colou?red|plain|studio) (background|backdrop)|background (to|into) )/;

const FIXED: readonly Fixed[] = [
  { pattern: /\b(den trang|trang den|thang xam|black and white|black & white|b ?& ?w|b\/w|gr[ae]y ?scale|monochrome)(?![a-z])/, edit: { op: 'grayscale' } },
  { pattern: /\b(sepia|co dien|hoai co|anh cu|vintage|retro|old photo)\b/, edit: { op: 'sepia' } },
  { pattern: /\b(am ban|dao mau|invert|negative)\b/, edit: { op: 'invert' } },
  { pattern: /\b(tu dong can bang|can bang mau|tu dong chinh mau|auto ?(levels|enhance|colou?r|contrast)|normali[sz]e|enhance)\b/, edit: { op: 'autoLevels' } },
  {
    pattern:
      /\b(xoa nen|tach nen|bo nen|loai bo nen|nen trong suot|xoa background|remove (the )?(background|bg|backdrop)|transparent background|background removal|no background|cut ?out)\b/,
    edit: { op: 'removeBackground' },
  },
];

const SHARPEN = /\b(lam net|net hon|sac net|ro net|tang do net|sharpen|sharper|crisp|crisper)\b/;
const BLUR = /\b(lam mo|mo hon|mo di|lam nhoe|nhoe|blur|blurry|soften)\b/;
const CROP_TRIGGER = /\b(cat|crop|ti le|ty le|aspect|ratio|khung)\b/;
const RATIO = /\b(\d{1,2})\s*[:x/×]\s*(\d{1,2})\b/;
const SQUARE = /\b(vuong|square)\b/;
const ROTATE_TRIGGER = /\b(xoay|rotate)\b/;
/** "quay", "turn": a rotation only with an angle or a direction ("turn the cat into a dragon" is not one). */
const TURN = /\b(quay|turn)\b/;
const UPSIDE_DOWN = /\b(lon nguoc|upside down|xoay nguoc)\b/;
const ANGLE = /\b(90|180|270)\b/;
const COUNTER_CLOCKWISE = /\b(trai|left|counter ?-?clockwise|anti ?-?clockwise|ccw|nguoc chieu kim)\b/;
const CLOCKWISE = /\b(phai|right|clockwise|cw|theo chieu kim)\b/;
const FLIP_VERTICAL = /\b(lat doc|lat tren xuong|flip vertical(ly)?|vertical flip|flip top to bottom)\b/;
const FLIP_HORIZONTAL = /\b(lat ngang|soi guong|guong|doi xung|mirror|flip horizontal(ly)?|horizontal flip|flip left to right)\b/;
const FLIP_ANY = /\b(lat|flip)\b/;
const WIDTH = /\b(?:width|wide|chieu rong|rong|ngang)\s*(?:=|:|to|bang)?\s*(\d{2,6})\s*(?:px)?\b|\b(\d{2,6})\s*(?:px)?\s*(?:wide|width)\b/;
const HEIGHT = /\b(?:height|tall|chieu cao|cao)\s*(?:=|:|to|bang)?\s*(\d{2,6})\s*(?:px)?\b|\b(\d{2,6})\s*(?:px)?\s*(?:tall|high)\b/;
const RESIZE = /\b(?:resize|scale|doi kich thuoc|kich thuoc|thu nho|phong to)\s*(?:to|ve|thanh|=|:)?\s*(\d{2,6})\s*(?:px)?\b/;
const GRID =
  /\b(ghep luoi|luoi|ghep anh|ghep lai|ghep thanh (1|mot) anh|ghep|gop anh|grid|collage|contact sheet|combine (them |the images )?into one|merge into one)\b/;
/** Words that carry no request ("please", "the photo"): a phrase of only these is not "ignored". */
const FILLER = /\b(lam on|vui long|giup (toi|minh)?|hay|cho|toi|minh|muon|anh|buc|nay|please|make|the|it|this|image|photo|picture|a|an|of|to|my)\b/g;

/** Where phrases end: punctuation and joining words ("black and white" stays one phrase). */
const PHRASE_BREAK = /[,;\n]|\.(?!\d)|(?<!\bblack )\b(?:and|then|after that|also|plus|va|roi|sau do|tiep theo)\b/g;

/**
 * Splits an instruction into phrases, each folded (for the patterns) and as written (to name it
 * back to the person): the text is folded one character at a time, remembering where each
 * folded character came from.
 */
function phrases(instruction: string): Array<{ folded: string; written: string }> {
  const written = instruction.normalize('NFC');
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < written.length;) {
    const char = String.fromCodePoint(written.codePointAt(i)!);
    const part = fold(char);
    for (let k = 0; k < part.length; k++) origin.push(i);
    folded += part;
    i += char.length;
  }
  origin.push(written.length);
  const cuts = [0];
  for (const match of folded.matchAll(PHRASE_BREAK)) cuts.push(match.index, match.index + match[0].length);
  cuts.push(folded.length);
  const out: Array<{ folded: string; written: string }> = [];
  for (let k = 0; k < cuts.length; k += 2) {
    let [start, end] = [cuts[k]!, cuts[k + 1]!];
    while (start < end && /\s/.test(folded[start]!)) start++;
    while (end > start && /\s/.test(folded[end - 1]!)) end--;
    if (end > start) out.push({ folded: folded.slice(start, end), written: written.slice(origin[start], origin[end]).trim() });
  }
  return out;
}

function amountIn(phrase: string, base: number): { size: number; sign: number | null } {
  const percent = PERCENT.exec(phrase);
  if (percent) {
    const value = Number(percent[2]!.replace(',', '.')) / 100;
    return { size: Math.min(value, 2), sign: percent[1] === '-' ? -1 : percent[1] === '+' ? 1 : null };
  }
  const factor = SOFT_WORDS.test(phrase) ? 0.5 : STRONG_WORDS.test(phrase) ? 2 : 1;
  return { size: base * factor, sign: null };
}

interface Found {
  at: number;
  edit: Edit;
}

function clampPx(value: number): number {
  return Math.max(MIN_RESIZE_PX, Math.min(MAX_RESIZE_PX, Math.round(value)));
}

/** The edits of one phrase, with their positions (for ordering within the phrase). */
function editsOf(phrase: string): { found: Found[]; grid: boolean; unsupported: UnsupportedEdit | null } {
  const found: Found[] = [];
  const claimed: Array<[number, number]> = [];
  const match = (pattern: RegExp): RegExpExecArray | null => {
    const m = pattern.exec(phrase);
    if (!m) return null;
    const span: [number, number] = [m.index, m.index + m[0].length];
    if (claimed.some(([a, b]) => span[0] < b && a < span[1])) return null;
    claimed.push(span);
    return m;
  };

  for (const edit of FIXED) {
    const m = match(edit.pattern);
    if (m) found.push({ at: m.index, edit: edit.edit });
  }
  // Claimed before the other words: "nền trắng" asks for no black and white, "ghép nền" for no grid.
  const unsupported: UnsupportedEdit | null = match(REPLACE_BACKGROUND) ? 'replaceBackground' : null;
  const grid = match(GRID) !== null;

  for (const adjustable of ADJUSTABLE) {
    const base = DEFAULT_AMOUNT[adjustable.op];
    const up = match(adjustable.up);
    const down = up ? null : match(adjustable.down);
    const neutral = up || down ? null : match(adjustable.neutral);
    const m = up ?? down ?? neutral;
    if (!m) continue;
    const { size, sign } = amountIn(phrase, base);
    let direction = up ? 1 : down ? -1 : (sign ?? (DOWN_WORDS.test(phrase) && !UP_WORDS.test(phrase) ? -1 : 1));
    if ((up || down) && sign !== null) direction = sign;
    found.push({ at: m.index, edit: { op: adjustable.op, amount: direction * size } });
  }

  const sharpen = match(SHARPEN);
  if (sharpen) found.push({ at: sharpen.index, edit: { op: 'sharpen', amount: amountIn(phrase, DEFAULT_AMOUNT.sharpen).size } });
  const blur = match(BLUR);
  if (blur) found.push({ at: blur.index, edit: { op: 'blur', amount: amountIn(phrase, DEFAULT_AMOUNT.blur).size } });

  // Resizes before ratios: "1920x1080" after "resize" is a size, not an aspect ratio.
  const width = match(WIDTH);
  const height = match(HEIGHT);
  if (width || height) {
    const edit: Edit = { op: 'resize' };
    if (width) edit.width = clampPx(Number(width[1] ?? width[2]));
    if (height) edit.height = clampPx(Number(height[1] ?? height[2]));
    found.push({ at: Math.min(width?.index ?? Infinity, height?.index ?? Infinity), edit });
  } else {
    const resize = match(RESIZE);
    if (resize) found.push({ at: resize.index, edit: { op: 'resize', longSide: clampPx(Number(resize[1])) } });
  }

  const ratio = RATIO.exec(phrase);
  const cropTrigger = CROP_TRIGGER.exec(phrase);
  if (ratio && !claimed.some(([a, b]) => ratio.index < b && a < ratio.index + ratio[0].length)) {
    const a = Number(ratio[1]);
    const b = Number(ratio[2]);
    // A ratio alone ("1:1") or after a crop word; between 1:4 and 4:1.
    if (a > 0 && b > 0 && a / b <= 4 && b / a <= 4 && (cropTrigger || phrase.replace(RATIO, '').replace(FILLER, '').trim() === '')) {
      found.push({ at: cropTrigger?.index ?? ratio.index, edit: { op: 'crop', ratio: [a, b] } });
      claimed.push([ratio.index, ratio.index + ratio[0].length]);
    }
  } else {
    const square = match(SQUARE);
    if (square) found.push({ at: cropTrigger?.index ?? square.index, edit: { op: 'crop', ratio: [1, 1] } });
  }

  const upsideDown = match(UPSIDE_DOWN);
  const rotate = upsideDown
    ? null
    : (match(ROTATE_TRIGGER) ?? (ANGLE.test(phrase) || CLOCKWISE.test(phrase) || COUNTER_CLOCKWISE.test(phrase) ? match(TURN) : null));
  if (upsideDown) found.push({ at: upsideDown.index, edit: { op: 'rotate', degrees: 180 } });
  else if (rotate) {
    const angle = Number(ANGLE.exec(phrase)?.[1] ?? 90) as 90 | 180 | 270;
    const counter = COUNTER_CLOCKWISE.test(phrase);
    const degrees = counter ? ((360 - angle) as 90 | 180 | 270) : angle;
    found.push({ at: rotate.index, edit: { op: 'rotate', degrees } });
  }

  const vertical = match(FLIP_VERTICAL);
  const horizontal = vertical ? null : (match(FLIP_HORIZONTAL) ?? match(FLIP_ANY));
  if (vertical) found.push({ at: vertical.index, edit: { op: 'flip', axis: 'vertical' } });
  else if (horizontal) found.push({ at: horizontal.index, edit: { op: 'flip', axis: 'horizontal' } });

  found.sort((a, b) => a.at - b.at);
  return { found, grid, unsupported };
}

/** Parses an instruction into ordered edits (see the table at the top of this module). */
export function parseEdits(instruction: string): ParsedInstruction {
  const language = instructionLanguage(instruction);
  const edits: Edit[] = [];
  const ignored: string[] = [];
  const unsupported: ParsedInstruction['unsupported'] = [];
  let grid = false;
  for (const phrase of phrases(instruction)) {
    const result = editsOf(phrase.folded);
    grid ||= result.grid;
    edits.push(...result.found.map((f) => f.edit));
    if (result.unsupported) unsupported.push({ edit: result.unsupported, phrase: phrase.written });
    else if (result.found.length === 0 && !result.grid && phrase.folded.replace(FILLER, '').replace(/[^a-z0-9]+/g, '') !== '') ignored.push(phrase.written);
  }
  return { edits, grid, language, ignored, unsupported };
}

const percent = (amount: number): string => `${amount >= 0 ? '+' : ''}${Math.round(amount * 100)}%`;

/** A short English description of an edit, for the result's metadata. */
export function describeEdit(edit: Edit): string {
  switch (edit.op) {
    case 'brightness':
    case 'contrast':
    case 'saturation':
    case 'warmth':
      return `${edit.op} ${percent(edit.amount)}`;
    case 'sharpen':
    case 'blur':
      return `${edit.op} ×${edit.amount}`;
    case 'crop':
      return `crop ${edit.ratio[0]}:${edit.ratio[1]}`;
    case 'rotate':
      return `rotate ${edit.degrees}° clockwise`;
    case 'flip':
      return `flip ${edit.axis}`;
    case 'resize':
      return `resize${edit.width ? ` width ${edit.width}` : ''}${edit.height ? ` height ${edit.height}` : ''}${edit.longSide ? ` longest side ${edit.longSide}` : ''} px`;
    case 'grayscale':
      return 'black and white';
    case 'removeBackground':
      return 'remove background';
    case 'autoLevels':
      return 'auto levels';
    default:
      return edit.op;
  }
}
