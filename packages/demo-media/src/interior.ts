// Indoor building blocks of the generated photos: a room in one-point
// perspective and the furniture that goes in it. Everything is drawn on the
// 1500 x 1000 board; the back wall spans backWall.
import type { Random } from './random.js';
import {
  type Canvas,
  type Point,
  boardHeight,
  boardWidth,
  circle,
  ellipse,
  jitter,
  line,
  path,
  poly,
  rect,
  roundRect,
  shade,
} from './svg.js';

export const backWall = { left: 330, right: 1170, top: 190, bottom: 660 } as const;

/** x of the left (side = -1) or right (side = 1) wall at depth d (0 = camera, 1 = back wall). */
function sideX(side: -1 | 1, d: number): number {
  return side === -1 ? backWall.left * d : boardWidth - (boardWidth - backWall.right) * d;
}
function ceilingY(d: number): number {
  return backWall.top * d;
}
function floorY(d: number): number {
  return boardHeight - (boardHeight - backWall.bottom) * d;
}

export interface RoomColors {
  wall: string;
  sideWall?: string;
  floor: string;
  ceiling: string;
  floorKind: 'wood' | 'tile' | 'carpet';
}

export function room(c: Canvas, rng: Random, colors: RoomColors): void {
  const { left, right, top, bottom } = backWall;
  const side = colors.sideWall ?? shade(colors.wall, -0.08);
  c.add(poly([[0, 0], [boardWidth, 0], [right, top], [left, top]], c.linear([[0, shade(colors.ceiling, -0.08)], [1, colors.ceiling]])));
  c.add(poly([[0, 0], [left, top], [left, bottom], [0, boardHeight]], c.linear([[0, shade(side, -0.1)], [1, side]], 0, 0, 1, 0)));
  c.add(poly([[boardWidth, 0], [right, top], [right, bottom], [boardWidth, boardHeight]], c.linear([[0, side], [1, shade(side, -0.14)]], 0, 0, 1, 0)));
  c.add(rect(left, top, right - left, bottom - top, c.linear([[0, shade(colors.wall, 0.04)], [1, shade(colors.wall, -0.05)]])));
  c.add(poly([[0, boardHeight], [boardWidth, boardHeight], [right, bottom], [left, bottom]], c.linear([[0, shade(colors.floor, 0.06)], [1, shade(colors.floor, -0.1)]])));

  const vpX = (left + right) / 2;
  if (colors.floorKind === 'wood') {
    // Planks converge on the vanishing point; staggered joints across them.
    const planks = 22;
    for (let i = 0; i <= planks; i++) {
      const xb = left + ((right - left) * i) / planks;
      const xf = ((xb - vpX) * (boardHeight - bottom + 340)) / 340 + vpX;
      c.add(line(xb, bottom, xf, boardHeight, shade(colors.floor, -0.22), 2, 'opacity="0.55"'));
    }
    for (let j = 0; j < 60; j++) {
      const d = rng.float(0, 1);
      const y = floorY(d);
      const xl = sideX(-1, d);
      const xr = sideX(1, d);
      const x = rng.float(xl, xr);
      c.add(line(x, y, x + 4, y + 2, shade(colors.floor, -0.25), 2, 'opacity="0.4"'));
      c.add(line(xl, y, xr, y, shade(colors.floor, rng.float(-0.05, 0.05)), 1, 'opacity="0.12"'));
    }
  } else if (colors.floorKind === 'tile') {
    for (let i = 0; i <= 10; i++) {
      const xb = left + ((right - left) * i) / 10;
      const xf = ((xb - vpX) * (boardHeight - bottom + 340)) / 340 + vpX;
      c.add(line(xb, bottom, xf, boardHeight, shade(colors.floor, -0.18), 2, 'opacity="0.6"'));
    }
    for (let d = 0.05; d < 1; d += 0.16 * d + 0.06) c.add(line(sideX(-1, d), floorY(d), sideX(1, d), floorY(d), shade(colors.floor, -0.18), 2, 'opacity="0.6"'));
  }
  c.add(rect(left, bottom - 14, right - left, 14, shade(colors.wall, 0.12)));
  // Soft daylight pooling on the floor.
  c.add(ellipse(vpX, (bottom + boardHeight) / 2 + 60, 620, 200, c.radial([[0, '#ffffff', 0.18], [1, '#ffffff', 0]], vpX, (bottom + boardHeight) / 2 + 60, 620)));
}

/** Exposed timber beams across the ceiling. */
export function beams(c: Canvas, color: string, count = 4): void {
  for (let i = 0; i < count; i++) {
    const d = (i + 0.5) / count;
    const y = ceilingY(d);
    const thick = 34 - d * 22;
    c.add(poly([[sideX(-1, d), y], [sideX(1, d), y], [sideX(1, d), y + thick], [sideX(-1, d), y + thick]], shade(color, -d * 0.1)));
    c.add(line(sideX(-1, d), y + thick, sideX(1, d), y + thick, shade(color, -0.35), 3));
  }
}

/** A window in a side wall between depths d0 and d1, showing `view` (drawn for the full board). */
export function sideWindow(c: Canvas, sideName: 'left' | 'right', d0: number, d1: number, trim: string, view: () => void): void {
  const side = sideName === 'left' ? -1 : 1;
  const yAt = (d: number, f: number): number => ceilingY(d) + (floorY(d) - ceilingY(d)) * f;
  const corners: Point[] = [
    [sideX(side, d0), yAt(d0, 0.22)],
    [sideX(side, d1), yAt(d1, 0.22)],
    [sideX(side, d1), yAt(d1, 0.72)],
    [sideX(side, d0), yAt(d0, 0.72)],
  ];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  c.clipped(`<polygon points="${corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}"/>`, () => {
    c.inset(minX, minY, Math.max(...xs) - minX, Math.max(...ys) - minY, view);
  });
  c.add(poly(corners, 'none', `stroke="${trim}" stroke-width="12" stroke-linejoin="round"`));
  const mid = (d0 + d1) / 2;
  c.add(line(sideX(side, mid), yAt(mid, 0.22), sideX(side, mid), yAt(mid, 0.72), trim, 8));
}

/** A window (or wall of glass) in the back wall. */
export function backWindow(c: Canvas, x: number, y: number, w: number, h: number, trim: string, panes: number, view: () => void): void {
  c.inset(x, y, w, h, view);
  c.add(rect(x, y, w, h, 'none', `stroke="${trim}" stroke-width="12"`));
  for (let k = 1; k < panes; k++) c.add(line(x + (w * k) / panes, y, x + (w * k) / panes, y + h, trim, 8));
  // A faint reflection band sells the glass.
  c.add(poly([[x + w * 0.1, y], [x + w * 0.22, y], [x + w * 0.05, y + h], [x, y + h], [x, y + h * 0.8]], '#ffffff', 'opacity="0.08"'));
}

export function curtains(c: Canvas, x: number, y: number, w: number, h: number, color: string): void {
  for (const [cx, dir] of [[x - 10, 1], [x + w + 10, -1]] as const) {
    const cw = w * 0.16;
    const xs = dir === 1 ? cx : cx - cw;
    c.add(rect(xs, y - 20, cw, h + 60, c.linear([[0, shade(color, -0.1)], [0.3, shade(color, 0.1)], [0.6, shade(color, -0.08)], [1, shade(color, 0.06)]], 0, 0, 1, 0)));
  }
  c.add(rect(x - 40, y - 26, w + 80, 8, '#3b3430'));
}

export function fireplace(c: Canvas, rng: Random, cx: number, w: number, stone: string): void {
  const top = backWall.top;
  const bottom = backWall.bottom;
  c.add(rect(cx - w / 2, top, w, bottom - top, shade(stone, -0.1)));
  // Stones laid in uneven courses.
  for (let y = top + 4; y < bottom - 4; ) {
    const rowH = rng.float(22, 36);
    for (let x = cx - w / 2 + 3; x < cx + w / 2 - 3; ) {
      const sw = Math.min(rng.float(30, 70), cx + w / 2 - 3 - x);
      c.add(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(sw - 4).toFixed(1)}" height="${(rowH - 4).toFixed(1)}" rx="8" fill="${jitter(rng, stone, 0.16)}"/>`);
      x += sw;
    }
    y += rowH;
  }
  const fw = w * 0.62;
  const fh = 150;
  const fy = bottom - fh - 20;
  c.add(rect(cx - w / 2 - 20, fy - 46, w + 40, 26, '#5a3b22'));
  c.add(roundRect(cx - fw / 2, fy, fw, fh, 10, '#1b1310'));
  c.add(ellipse(cx, fy + fh - 30, fw * 0.55, 70, c.radial([[0, '#ffb35c', 0.8], [1, '#ff7a2a', 0]], cx, fy + fh - 30, fw * 0.55)));
  for (let f = 0; f < 5; f++) {
    const fx = cx - fw * 0.3 + (fw * 0.6 * f) / 4;
    const fhh = rng.float(50, 100);
    c.add(path(`M ${fx - 22} ${fy + fh - 22} Q ${fx - 18} ${fy + fh - fhh * 0.6} ${fx + rng.float(-6, 6)} ${fy + fh - fhh} Q ${fx + 20} ${fy + fh - fhh * 0.5} ${fx + 22} ${fy + fh - 22} Z`, f % 2 ? '#ffcf5a' : '#ff8b32', 'opacity="0.92"'));
  }
  c.add(rect(cx - fw / 2 + 10, fy + fh - 26, fw - 20, 12, '#4a2d1a'));
  c.add(rect(cx - w / 2 - 10, bottom - 20, w + 20, 20, shade(stone, -0.2)));
}

export function sofa(c: Canvas, cx: number, baseY: number, w: number, color: string, facing: 'front' | 'back' = 'front'): void {
  const h = w * 0.3;
  const seatTop = baseY - h * 0.55;
  if (facing === 'back') {
    c.add(roundRect(cx - w / 2, baseY - h, w, h, 22, c.linear([[0, shade(color, 0.08)], [1, shade(color, -0.2)]])));
    c.add(line(cx - w / 2 + 30, baseY - h + 16, cx + w / 2 - 30, baseY - h + 16, shade(color, 0.18), 4, 'stroke-linecap="round" opacity="0.6"'));
    return;
  }
  c.add(rect(cx - w / 2 + 20, baseY - 10, 12, 10, '#2f2620'));
  c.add(rect(cx + w / 2 - 32, baseY - 10, 12, 10, '#2f2620'));
  c.add(roundRect(cx - w / 2 + 30, baseY - h, w - 60, h * 0.55, 18, shade(color, -0.06)));
  const cushions = Math.max(2, Math.round(w / 260));
  for (let k = 0; k < cushions; k++) {
    const cw = (w - 80) / cushions;
    c.add(roundRect(cx - w / 2 + 40 + k * cw, baseY - h * 0.98, cw - 8, h * 0.5, 16, shade(color, 0.04)));
    c.add(roundRect(cx - w / 2 + 40 + k * cw, seatTop, cw - 8, h * 0.24, 12, shade(color, 0.1)));
  }
  c.add(roundRect(cx - w / 2, baseY - h * 0.72, 54, h * 0.64, 20, shade(color, -0.04)));
  c.add(roundRect(cx + w / 2 - 54, baseY - h * 0.72, 54, h * 0.64, 20, shade(color, -0.04)));
  c.add(roundRect(cx - w / 2 + 20, seatTop + h * 0.22, w - 40, h * 0.3, 12, shade(color, -0.14)));
}

export function cushion(c: Canvas, x: number, y: number, s: number, color: string): void {
  c.add(roundRect(x, y, s, s * 0.85, s * 0.25, color, `transform="rotate(-6 ${x + s / 2} ${y + s / 2})"`));
}

export function armchair(c: Canvas, cx: number, baseY: number, w: number, color: string): void {
  const h = w * 0.85;
  c.add(roundRect(cx - w / 2 + 10, baseY - h, w - 20, h * 0.7, 20, shade(color, -0.05)));
  c.add(roundRect(cx - w / 2 + 18, baseY - h * 0.42, w - 36, h * 0.24, 12, shade(color, 0.1)));
  c.add(roundRect(cx - w / 2, baseY - h * 0.6, 34, h * 0.52, 14, shade(color, -0.12)));
  c.add(roundRect(cx + w / 2 - 34, baseY - h * 0.6, 34, h * 0.52, 14, shade(color, -0.12)));
  c.add(rect(cx - w / 2 + 14, baseY - 8, 8, 8, '#2a211b'));
  c.add(rect(cx + w / 2 - 22, baseY - 8, 8, 8, '#2a211b'));
}

export function coffeeTable(c: Canvas, cx: number, y: number, w: number, wood: string): void {
  c.add(poly([[cx - w / 2, y], [cx + w / 2, y], [cx + w / 2 + 30, y + 40], [cx - w / 2 - 30, y + 40]], shade(wood, 0.08)));
  c.add(rect(cx - w / 2 - 30, y + 40, w + 60, 16, shade(wood, -0.2)));
  c.add(rect(cx - w / 2 - 20, y + 56, 14, 40, shade(wood, -0.3)));
  c.add(rect(cx + w / 2 + 6, y + 56, 14, 40, shade(wood, -0.3)));
}

export function rug(c: Canvas, rng: Random, cx: number, y: number, w: number, depth: number, color: string): void {
  const pts: Point[] = [[cx - w / 2, y], [cx + w / 2, y], [cx + w / 2 + depth * 0.5, y + depth], [cx - w / 2 - depth * 0.5, y + depth]];
  c.add(poly(pts, color));
  const inner: Point[] = [[cx - w / 2 + 24, y + 12], [cx + w / 2 - 24, y + 12], [cx + w / 2 + depth * 0.5 - 34, y + depth - 14], [cx - w / 2 - depth * 0.5 + 34, y + depth - 14]];
  c.add(poly(inner, 'none', `stroke="${shade(color, rng.chance(0.5) ? 0.25 : -0.25)}" stroke-width="6"`));
}

export function floorLamp(c: Canvas, x: number, baseY: number, h: number, shadeColor: string, lit: boolean): void {
  c.add(ellipse(x, baseY, 26, 7, '#2d2a27'));
  c.add(line(x, baseY, x, baseY - h, '#2d2a27', 5));
  if (lit) c.add(circle(x, baseY - h + 20, 170, c.radial([[0, '#ffd897', 0.45], [1, '#ffd897', 0]], x, baseY - h + 20, 170)));
  c.add(poly([[x - 30, baseY - h - 50], [x + 30, baseY - h - 50], [x + 44, baseY - h + 10], [x - 44, baseY - h + 10]], shadeColor));
}

export function tableLamp(c: Canvas, x: number, baseY: number, shadeColor: string, lit: boolean): void {
  c.add(path(`M ${x - 16} ${baseY} Q ${x - 22} ${baseY - 40} ${x} ${baseY - 54} Q ${x + 22} ${baseY - 40} ${x + 16} ${baseY} Z`, '#c9b79c'));
  if (lit) c.add(circle(x, baseY - 70, 120, c.radial([[0, '#ffd897', 0.45], [1, '#ffd897', 0]], x, baseY - 70, 120)));
  c.add(poly([[x - 28, baseY - 96], [x + 28, baseY - 96], [x + 38, baseY - 54], [x - 38, baseY - 54]], shadeColor));
}

export function plant(c: Canvas, rng: Random, x: number, baseY: number, h: number, pot: string): void {
  for (let i = 0; i < 14; i++) {
    const a = rng.float(-1.2, 1.2);
    const len = h * rng.float(0.5, 1);
    const tx = x + Math.sin(a) * len * 0.6;
    const ty = baseY - h * 0.35 - Math.cos(a) * len * 0.7;
    c.add(ellipse(tx, ty, h * 0.09, h * 0.2, jitter(rng, '#4f7a45', 0.15), `transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${tx.toFixed(1)} ${ty.toFixed(1)})"`));
  }
  c.add(poly([[x - h * 0.18, baseY - h * 0.35], [x + h * 0.18, baseY - h * 0.35], [x + h * 0.13, baseY], [x - h * 0.13, baseY]], pot));
}

export function framedArt(c: Canvas, x: number, y: number, w: number, h: number, frame: string, draw: () => void): void {
  c.add(rect(x - 12, y - 12, w + 24, h + 24, frame));
  c.add(rect(x - 4, y - 4, w + 8, h + 8, '#f4f0e8'));
  c.inset(x + 8, y + 8, w - 16, h - 16, draw);
}

export function pendant(c: Canvas, x: number, y: number, r: number, color: string, lit: boolean): void {
  c.add(line(x, 0, x, y - r * 0.6, '#2b2623', 2));
  if (lit) c.add(circle(x, y + r * 0.3, r * 5, c.radial([[0, '#ffdca0', 0.4], [1, '#ffdca0', 0]], x, y + r * 0.3, r * 5)));
  c.add(path(`M ${x - r} ${y + r * 0.35} A ${r} ${r} 0 0 1 ${x + r} ${y + r * 0.35} Z`, color));
  c.add(ellipse(x, y + r * 0.38, r * 0.5, r * 0.12, '#fff1cc'));
}

export function bed(c: Canvas, rng: Random, cx: number, baseY: number, w: number, colors: { headboard: string; linen: string; throw: string; pillow: string }): void {
  const headH = w * 0.42;
  c.add(roundRect(cx - w / 2 - 20, baseY - w * 0.55 - headH * 0.6, w + 40, headH, 14, colors.headboard));
  for (let k = 1; k < 6; k++) c.add(line(cx - w / 2 - 20 + ((w + 40) * k) / 6, baseY - w * 0.55 - headH * 0.6 + 10, cx - w / 2 - 20 + ((w + 40) * k) / 6, baseY - w * 0.55 + headH * 0.3, shade(colors.headboard, -0.15), 3, 'opacity="0.6"'));
  const top = baseY - w * 0.45;
  c.add(roundRect(cx - w / 2, top - 20, w, w * 0.45 + 20, 18, c.linear([[0, shade(colors.linen, 0.06)], [1, shade(colors.linen, -0.12)]])));
  const pillows = w > 420 ? 4 : 2;
  for (let k = 0; k < pillows; k++) {
    const pw = (w - 60) / pillows;
    c.add(roundRect(cx - w / 2 + 30 + k * pw, top - 70 + (k % 2) * 6, pw - 10, 70, 24, k % 2 && pillows > 2 ? colors.pillow : '#f7f5f0'));
  }
  const throwY = top + w * rng.float(0.12, 0.2);
  c.add(rect(cx - w / 2, throwY, w, w * 0.12, colors.throw));
  c.add(line(cx - w / 2, throwY + w * 0.03, cx + w / 2, throwY + w * 0.03, shade(colors.throw, 0.3), 3));
  c.add(rect(cx - w / 2 + 8, baseY - 10, w - 16, 10, shade(colors.headboard, -0.3)));
}

export function nightstand(c: Canvas, x: number, baseY: number, wood: string, lampShade: string, lit: boolean): void {
  c.add(rect(x - 50, baseY - 110, 100, 110, wood));
  c.add(line(x - 40, baseY - 60, x + 40, baseY - 60, shade(wood, -0.3), 3));
  c.add(circle(x, baseY - 85, 4, '#d7c08a'));
  tableLamp(c, x, baseY - 110, lampShade, lit);
}

export function cabinets(c: Canvas, x: number, y: number, w: number, h: number, color: string, doors: number, handle: string): void {
  c.add(rect(x, y, w, h, color));
  for (let k = 0; k < doors; k++) {
    const dx = x + (w * k) / doors;
    c.add(rect(dx + 6, y + 6, w / doors - 12, h - 12, 'none', `stroke="${shade(color, -0.18)}" stroke-width="3"`));
    c.add(rect(dx + w / doors / 2 - 2, y + h * 0.35, 4, h * 0.3, handle));
  }
}

export function stool(c: Canvas, x: number, baseY: number, h: number, seat: string): void {
  c.add(line(x - 20, baseY, x - 12, baseY - h, '#2c2825', 5));
  c.add(line(x + 20, baseY, x + 12, baseY - h, '#2c2825', 5));
  c.add(line(x - 16, baseY - h * 0.35, x + 16, baseY - h * 0.35, '#2c2825', 4));
  c.add(roundRect(x - 30, baseY - h - 14, 60, 16, 8, seat));
}

export function chair(c: Canvas, x: number, baseY: number, wood: string): void {
  c.add(rect(x - 28, baseY - 150, 8, 150, wood));
  c.add(rect(x + 20, baseY - 150, 8, 150, wood));
  for (let k = 0; k < 3; k++) c.add(rect(x - 24, baseY - 145 + k * 22, 48, 8, shade(wood, 0.1)));
  c.add(rect(x - 34, baseY - 74, 68, 12, shade(wood, -0.1)));
}

export function tub(c: Canvas, cx: number, baseY: number, w: number, color: string): void {
  const h = w * 0.38;
  c.add(path(`M ${cx - w / 2} ${baseY - h} L ${cx + w / 2} ${baseY - h} Q ${cx + w / 2 - 20} ${baseY} ${cx + w / 2 - 80} ${baseY} L ${cx - w / 2 + 80} ${baseY} Q ${cx - w / 2 + 20} ${baseY} ${cx - w / 2} ${baseY - h} Z`, c.linear([[0, '#ffffff'], [1, shade(color, -0.1)]], 0, 0, 1, 0)));
  c.add(ellipse(cx, baseY - h, w / 2, 20, shade(color, -0.06)));
  c.add(ellipse(cx, baseY - h + 3, w / 2 - 14, 12, '#cfe4ee'));
  c.add(path(`M ${cx + w / 2 - 40} ${baseY - h} L ${cx + w / 2 - 40} ${baseY - h - 90} Q ${cx + w / 2 - 40} ${baseY - h - 120} ${cx + w / 2 - 80} ${baseY - h - 110}`, 'none', 'stroke="#8d8f93" stroke-width="8" stroke-linecap="round"'));
}

export function towel(c: Canvas, x: number, y: number, w: number, color: string): void {
  c.add(rect(x - 10, y - 6, w + 20, 6, '#a7a9ad'));
  c.add(rect(x, y, w, w * 1.2, color));
  c.add(rect(x, y + w, w, 8, shade(color, -0.15)));
}

export function mirror(c: Canvas, x: number, y: number, w: number, h: number, frame: string, reflection: string): void {
  c.add(roundRect(x - 10, y - 10, w + 20, h + 20, w / 2, frame));
  c.add(roundRect(x, y, w, h, w / 2 - 6, c.linear([[0, shade(reflection, 0.2)], [1, shade(reflection, -0.1)]], 0, 0, 1, 1)));
  c.add(line(x + w * 0.2, y + h * 0.3, x + w * 0.45, y + h * 0.1, '#ffffff', 6, 'opacity="0.35" stroke-linecap="round"'));
}

export function tiles(c: Canvas, x: number, y: number, w: number, h: number, color: string, size: number): void {
  c.add(rect(x, y, w, h, color));
  for (let ty = y + size; ty < y + h; ty += size) c.add(line(x, ty, x + w, ty, shade(color, -0.15), 2, 'opacity="0.7"'));
  let row = 0;
  for (let ty = y; ty < y + h; ty += size) {
    const offset = row % 2 ? size : 0;
    for (let tx = x + offset; tx < x + w; tx += size * 2) c.add(line(tx, ty, tx, Math.min(y + h, ty + size), shade(color, -0.15), 2, 'opacity="0.7"'));
    row += 1;
  }
}

export function tv(c: Canvas, cx: number, y: number, w: number): void {
  c.add(rect(cx - w / 2, y, w, w * 0.56, '#141518'));
  c.add(rect(cx - w / 2 + 8, y + 8, w - 16, w * 0.56 - 16, c.linear([[0, '#243248'], [1, '#10151f']], 0, 0, 1, 1)));
}
