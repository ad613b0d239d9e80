// QR codes (ISO/IEC 18004): text → a matrix of modules → an SVG. Byte mode only (the UTF-8 bytes
// of the text), versions 1–40, all four error-correction levels, the mask picked by the standard's
// penalty rules. No dependencies; the SVG is built with createElementNS, never markup.
//
// Coordinates: x is the column, y the row; modules[y][x] is true for a dark module.

const SVG_NS = "http://www.w3.org/2000/svg";

// Per EC level: the two bits written in the format info, and for versions 1–40 (index 0 unused)
// the EC codewords in each block and how many blocks the codewords are split into (ISO table 9).
const EC_LEVELS = {
  L: {
    bits: 1,
    ecPerBlock: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  },
  M: {
    bits: 0,
    ecPerBlock: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
    blocks: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  },
  Q: {
    bits: 3,
    ecPerBlock: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  },
  H: {
    bits: 2,
    ecPerBlock: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
  },
};

// The eight mask patterns: a module is flipped where the condition holds.
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x, y) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// ---------------------------------------------------------------- sizes and capacity

const sizeOf = (version) => version * 4 + 17;

/** Modules left for codewords (data + EC + remainder bits) once the function patterns are drawn. */
function rawDataModules(version) {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55; // alignment patterns, less their overlap with timing
    if (version >= 7) modules -= 36; // two 6×3 version info blocks
  }
  return modules;
}

function dataCodewords(version, ec) {
  return Math.floor(rawDataModules(version) / 8) - ec.ecPerBlock[version] * ec.blocks[version];
}

/** The byte-mode character count is 8 bits long up to version 9, 16 from version 10. */
const countBits = (version) => (version <= 9 ? 8 : 16);

/** Centre coordinates of the alignment patterns along one axis (ISO annex E), evenly spaced from
 *  the far edge back towards 6, the spacing rounded up to an even number. */
function alignmentPositions(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let pos = sizeOf(version) - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}

// ---------------------------------------------------------------- GF(256) and Reed–Solomon

// Exponent and log tables over GF(2^8) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = value;
  LOG[value] = i;
  value = (value << 1) ^ (value & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]; // so EXP[LOG[a] + LOG[b]] needs no modulo

const gfMul = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

/** The generator (x − α^0)(x − α^1)…(x − α^(degree−1)), coefficients highest power first. */
function rsGenerator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= gfMul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly;
}

/** The EC codewords: the remainder of data · x^degree divided by the generator. */
function rsRemainder(data, generator) {
  const degree = generator.length - 1;
  const rem = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift();
    rem.push(0);
    for (let i = 0; i < degree; i++) rem[i] ^= gfMul(generator[i + 1], factor);
  }
  return rem;
}

// ---------------------------------------------------------------- codewords

/** The smallest version whose data capacity holds `length` bytes in byte mode, or 0. */
function smallestVersion(length, ec) {
  for (let version = 1; version <= 40; version++) {
    if (4 + countBits(version) + 8 * length <= dataCodewords(version, ec) * 8) return version;
  }
  return 0;
}

/** Mode, count, the bytes, terminator and padding: exactly dataCodewords(version) bytes. */
function dataBytes(bytes, version, ec) {
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4); // byte mode
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCodewords(version, ec) * 8;
  put(0, Math.min(4, capacity - bits.length)); // terminator, shorter when the symbol is full
  put(0, (8 - (bits.length % 8)) % 8);
  const out = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  for (let pad = 0xec; out.length < capacity / 8; pad ^= 0xec ^ 0x11) out.push(pad); // 0xEC, 0x11, 0xEC…
  return out;
}

/** Splits the data into blocks (the short ones first, the rest one byte longer), adds each
 *  block's EC codewords, and interleaves: the first byte of every block, then the second… */
function interleave(data, version, ec) {
  const count = ec.blocks[version];
  const ecLength = ec.ecPerBlock[version];
  const shortLength = Math.floor(data.length / count);
  const longBlocks = data.length % count;
  const generator = rsGenerator(ecLength);
  const blocks = [];
  for (let i = 0, start = 0; i < count; i++) {
    const length = shortLength + (i >= count - longBlocks ? 1 : 0);
    const block = data.slice(start, start + length);
    start += length;
    blocks.push({ data: block, ec: rsRemainder(block, generator) });
  }
  const out = [];
  for (let i = 0; i <= shortLength; i++) for (const block of blocks) if (i < block.data.length) out.push(block.data[i]);
  for (let i = 0; i < ecLength; i++) for (const block of blocks) out.push(block.ec[i]);
  return out;
}

// ---------------------------------------------------------------- the matrix

/** A blank symbol: modules (all light) and which of them belong to function patterns. */
function blankSymbol(version) {
  const size = sizeOf(version);
  const grid = () => Array.from({ length: size }, () => new Array(size).fill(false));
  return { version, size, modules: grid(), reserved: grid() };
}

function setFunction(symbol, x, y, dark) {
  symbol.modules[y][x] = dark;
  symbol.reserved[y][x] = true;
}

function drawFunctionPatterns(symbol) {
  const { size, version } = symbol;
  for (let i = 0; i < size; i++) {
    setFunction(symbol, 6, i, i % 2 === 0); // timing, drawn first: finders overwrite its ends
    setFunction(symbol, i, 6, i % 2 === 0);
  }
  // Finder patterns with their light separators (rings 2 and 4 around the centre are light).
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        setFunction(symbol, x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  // Alignment patterns on every pair of positions except the three finder corners.
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cy, i) => positions.forEach((cx, j) => {
    if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) setFunction(symbol, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }));
  drawFormatBits(symbol, EC_LEVELS.M, 0); // reserves the format areas; redrawn once the mask is chosen
  if (version >= 7) drawVersionBits(symbol);
}

/** BCH code: `value`, then the remainder of value · x^degree divided by `generator` (bit-serial
 *  long division: shift left, subtract the generator whenever the top bit falls out). */
function bch(value, generator, degree) {
  let rem = value;
  for (let i = 0; i < degree; i++) rem = (rem << 1) ^ ((rem >>> (degree - 1)) & 1 ? generator : 0);
  return (value << degree) | rem;
}

/** The 15 format bits (EC level, mask), twice: around the top-left finder, and split between
 *  the other two; plus the one always-dark module beside the bottom-left finder. */
function drawFormatBits(symbol, ec, mask) {
  const { size } = symbol;
  const bits = bch((ec.bits << 3) | mask, 0x537, 10) ^ 0x5412; // the XOR keeps the code from being all zero
  const bit = (i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) setFunction(symbol, 8, i, bit(i));
  setFunction(symbol, 8, 7, bit(6));
  setFunction(symbol, 8, 8, bit(7));
  setFunction(symbol, 7, 8, bit(8));
  for (let i = 9; i < 15; i++) setFunction(symbol, 14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) setFunction(symbol, size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) setFunction(symbol, 8, size - 15 + i, bit(i));
  setFunction(symbol, 8, size - 8, true);
}

/** The 18 version bits, as two 6×3 blocks beside the top-right and bottom-left finders. */
function drawVersionBits(symbol) {
  const { size, version } = symbol;
  const bits = bch(version, 0x1f25, 12);
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = size - 11 + (i % 3), b = Math.floor(i / 3);
    setFunction(symbol, a, b, dark);
    setFunction(symbol, b, a, dark);
  }
}

/** Codeword bits, most significant first, up and down two-column strips from the bottom-right,
 *  skipping function modules and the vertical timing column. Leftover modules stay light
 *  (the remainder bits are zeros). */
function placeCodewords(symbol, codewords) {
  const { size, modules, reserved } = symbol;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (reserved[y][x] || i >= codewords.length * 8) continue;
        modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

/** Flips the non-function modules where the mask holds (applying it twice undoes it). */
function applyMask(symbol, mask) {
  const { size, modules, reserved } = symbol;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (!reserved[y][x] && MASKS[mask](x, y)) modules[y][x] = !modules[y][x];
  }
}

// ---------------------------------------------------------------- mask penalty

// The finder-like 1:1:3:1:1 run with four light modules on one side (rule 3).
const FINDER_LIKE = [[1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1]];

/** Rules 1 and 3 for one row or column. Outside the symbol counts as light (the quiet zone). */
function linePenalty(line) {
  let score = 0;
  for (let start = 0; start < line.length;) {
    let end = start;
    while (end < line.length && line[end] === line[start]) end++;
    if (end - start >= 5) score += 3 + (end - start - 5); // rule 1: runs of five or more
    start = end;
  }
  const padded = [0, 0, 0, 0, ...line.map(Number), 0, 0, 0, 0];
  for (let i = 0; i + 11 <= padded.length; i++) {
    for (const pattern of FINDER_LIKE) if (pattern.every((v, k) => padded[i + k] === v)) score += 40;
  }
  return score;
}

function penalty(modules) {
  const size = modules.length;
  let score = 0;
  for (let i = 0; i < size; i++) {
    score += linePenalty(modules[i]);
    score += linePenalty(modules.map((row) => row[i]));
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const c = modules[y][x];
      if (c === modules[y][x + 1] && c === modules[y + 1][x] && c === modules[y + 1][x + 1]) score += 3; // rule 2
    }
  }
  const dark = modules.reduce((n, row) => n + row.filter(Boolean).length, 0);
  score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10; // rule 4: each 5% off half
  return score;
}

// ---------------------------------------------------------------- public

/**
 * The QR code of `text` (its UTF-8 bytes, byte mode) at the smallest version that holds it:
 * { size, modules } with modules[y][x] true for dark. `mask` (0–7) forces a mask, for tests;
 * by default the one with the lowest penalty is used. Throws when the text is too long.
 */
export function qrMatrix(text, { ecLevel = "M", mask } = {}) {
  const ec = EC_LEVELS[ecLevel];
  if (!ec) throw new Error(`Unknown QR error correction level "${ecLevel}" (use L, M, Q or H)`);
  if (mask != null && !(mask >= 0 && mask < MASKS.length)) throw new Error(`Unknown QR mask ${mask} (use 0–7)`);
  const bytes = new TextEncoder().encode(String(text));
  const version = smallestVersion(bytes.length, ec);
  if (!version) {
    const max = Math.floor((dataCodewords(40, ec) * 8 - 4 - countBits(40)) / 8);
    throw new Error(`Text too long for a QR code: ${bytes.length} bytes, at most ${max} at level ${ecLevel}`);
  }
  const symbol = blankSymbol(version);
  drawFunctionPatterns(symbol);
  placeCodewords(symbol, interleave(dataBytes(bytes, version, ec), version, ec));
  let chosen = mask;
  if (chosen == null) {
    let best = Infinity;
    for (let candidate = 0; candidate < MASKS.length; candidate++) {
      applyMask(symbol, candidate);
      drawFormatBits(symbol, ec, candidate); // the format bits count towards the penalty
      const score = penalty(symbol.modules);
      if (score < best) [best, chosen] = [score, candidate];
      applyMask(symbol, candidate);
    }
  }
  applyMask(symbol, chosen);
  drawFormatBits(symbol, ec, chosen);
  return { size: symbol.size, modules: symbol.modules };
}

/**
 * An <svg> of the QR code of `text`: white background, the dark modules as one path, `margin`
 * modules of quiet zone (the standard asks for 4), `moduleSize` pixels a module.
 */
export function qrSvg(text, { ecLevel, moduleSize = 4, margin = 4, label = "QR code" } = {}) {
  const { size, modules } = qrMatrix(text, { ecLevel });
  const span = size + 2 * margin;
  const el = (tag, attrs) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
    return node;
  };
  // One subpath per horizontal run of dark modules keeps the path short.
  const d = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < size && row[x + 1]) x++;
      d.push(`M${start + margin} ${y + margin}h${x - start + 1}v1h-${x - start + 1}z`);
    }
  });
  const root = el("svg", {
    width: span * moduleSize, height: span * moduleSize, viewBox: `0 0 ${span} ${span}`,
    role: "img", "aria-label": label,
  });
  root.append(
    el("rect", { width: span, height: span, fill: "#fff" }),
    el("path", { d: d.join(""), fill: "#000", "shape-rendering": "crispEdges" }),
  );
  return root;
}
