// The pool of generated photos. Each scene has a stable key (its file name
// stem under DATA_DIR/media), an alt text, and a drawing made only of
// gradients and simple shapes; the palette and layout come from a PRNG seeded
// with the key, so a key always renders the same picture.
import { type Random, createRandom } from './random.js';
import {
  type HouseStyle,
  type SkyPalette,
  aspen,
  birds,
  clouds,
  dunes,
  grassTuft,
  ground,
  house,
  hills,
  mountainVista,
  pine,
  pineRow,
  ridge,
  skies,
  sky,
  sun,
  vignette,
  water,
} from './landscape.js';
import {
  armchair,
  backWall,
  backWindow,
  beams,
  bed,
  cabinets,
  chair,
  coffeeTable,
  curtains,
  cushion,
  fireplace,
  floorLamp,
  framedArt,
  mirror,
  nightstand,
  pendant,
  plant,
  room,
  rug,
  sideWindow,
  sofa,
  stool,
  tiles,
  towel,
  tub,
  tv,
} from './interior.js';
import { Canvas, boardHeight, boardWidth, circle, ellipse, jitter, line, mix, path, poly, rect, roundRect, shade } from './svg.js';

export type SceneGroup = 'vista' | 'exterior' | 'interior' | 'outdoor' | 'place';
export type SceneRegion = 'mountain' | 'lake' | 'any';
export type SceneRoom = 'living' | 'kitchen' | 'dining' | 'bedroom' | 'bunk' | 'bathroom' | 'family';

export interface Scene {
  key: string;
  alt: string;
  group: SceneGroup;
  region: SceneRegion;
  room?: SceneRoom;
  draw(c: Canvas, rng: Random): void;
}

// Views through windows and in frames -----------------------------------------

function mountainView(c: Canvas, rng: Random, palette: SkyPalette): void {
  sky(c, rng, palette, boardHeight);
  if (!palette.night) clouds(c, rng, 3, 80, 260, '#ffffff', 0.55);
  mountainVista(c, rng, palette, { horizon: 640, layers: 3 });
  pineRow(c, rng, { from: -40, to: boardWidth + 40, baseY: 900, jitterY: 120, minH: 160, maxH: 320, count: 24, color: '#1f3b2d' });
}

function lakeView(c: Canvas, rng: Random, palette: SkyPalette): void {
  const horizon = 560;
  const sunX = rng.float(400, 1100);
  sky(c, rng, palette, horizon);
  sun(c, sunX, horizon - rng.float(40, 140), 46, palette.sun);
  clouds(c, rng, 4, 100, 330, mix('#ffffff', palette.haze, 0.4), 0.5);
  water(c, rng, palette, horizon, { sunX });
  dunes(c, rng, { baseY: 880, count: 1 });
}

/** Sky, rolling hills and pines: a view that fits both Colorado and Michigan, for rooms used in either. */
function woodsView(c: Canvas, rng: Random, palette: SkyPalette): void {
  sky(c, rng, palette, boardHeight);
  clouds(c, rng, 3, 80, 300, '#ffffff', 0.6);
  hills(c, ridge(rng, { base: 560, amplitude: 50, roughness: 0.5 }), boardHeight, mix('#4f6f4a', palette.haze, 0.45));
  pineRow(c, rng, { from: -40, to: boardWidth + 40, baseY: 880, jitterY: 140, minH: 200, maxH: 380, count: 22, color: '#22402e' });
}

function pickSky(rng: Random, options: readonly SkyPalette[]): SkyPalette {
  return rng.pick(options);
}

const woodTones = ['#8a5a3b', '#a06c43', '#6e4a32', '#b58458', '#7b5639'] as const;
const fabricTones = ['#6f7f8c', '#8c6f5a', '#4f5d6b', '#a48f7a', '#5d6f5a', '#7d5f6f', '#c2b29c'] as const;
const accentTones = ['#c0653e', '#2f6f8f', '#b7903e', '#7b3f4f', '#4e7d6a', '#d28a4a'] as const;

// Scene drawings --------------------------------------------------------------

function vistaPeaks(palette: SkyPalette, sunPos: 'rising' | 'high' | 'none') {
  return (c: Canvas, rng: Random): void => {
    sky(c, rng, palette);
    if (sunPos !== 'none') sun(c, rng.float(300, 1200), sunPos === 'rising' ? 520 : 180, sunPos === 'rising' ? 52 : 40, palette.sun, 0.7);
    clouds(c, rng, rng.int(3, 6), 60, 360, mix('#ffffff', palette.haze, 0.3), 0.6);
    mountainVista(c, rng, palette, { horizon: 700, layers: 4 });
    pineRow(c, rng, { from: -40, to: 1540, baseY: 900, jitterY: 110, minH: 140, maxH: 300, count: 36, color: '#1b3527', snow: palette === skies.bluebird ? '#eef4fb' : undefined });
    vignette(c, 0.3);
  };
}

function summerMeadow(c: Canvas, rng: Random): void {
  const palette = skies.summer;
  sky(c, rng, palette);
  clouds(c, rng, 6, 60, 300, '#ffffff', 0.85);
  mountainVista(c, rng, palette, { horizon: 640, layers: 3, rock: '#57617a' });
  ground(c, 720, '#7fa254');
  c.add(rect(0, 760, boardWidth, 240, c.linear([[0, '#6f9446'], [1, '#4f7434']])));
  for (let i = 0; i < 260; i++) {
    const y = rng.float(770, 1000);
    c.add(circle(rng.float(0, boardWidth), y, 2 + ((y - 760) / 240) * 5, rng.pick(['#f5d04a', '#e8eef5', '#b77fd0', '#f08b5a']), 'opacity="0.9"'));
  }
  for (let i = 0; i < 5; i++) aspen(c, rng, rng.float(0, 300), rng.float(800, 880), rng.float(260, 380), '#8fbf4f');
  for (let i = 0; i < 5; i++) aspen(c, rng, rng.float(1200, 1500), rng.float(800, 880), rng.float(260, 380), '#8fbf4f');
  vignette(c, 0.25);
}

function lakeVista(palette: SkyPalette, shore: 'dunes' | 'trees' | 'bluff') {
  return (c: Canvas, rng: Random): void => {
    const horizon = rng.float(520, 600);
    const sunX = rng.float(350, 1150);
    sky(c, rng, palette, horizon);
    sun(c, sunX, horizon - rng.float(20, 160), 50, palette.sun, 0.75);
    clouds(c, rng, rng.int(4, 7), 60, horizon - 120, mix('#ffffff', palette.haze, 0.5), 0.55);
    water(c, rng, palette, horizon, { sunX });
    if (shore === 'trees') {
      const far = ridge(rng, { base: horizon - 30, amplitude: 20, roughness: 0.5 }).map(([x, y]) => [x, Math.min(y, horizon - 4)] as const);
      hills(c, far, horizon + 2, mix('#2c4a3a', palette.haze, 0.5));
      pineRow(c, rng, { from: 1050, to: 1560, baseY: 1000, jitterY: 40, minH: 300, maxH: 520, count: 9, color: '#1d3528' });
    } else if (shore === 'bluff') {
      const bluff = ridge(rng, { base: horizon - 60, amplitude: 30, roughness: 0.45 }).map(([x, y]) => [x * 0.35, y + x * 0.05] as const);
      hills(c, bluff, horizon + 40, mix('#3e5a3c', palette.haze, 0.35));
    }
    dunes(c, rng, { baseY: 840, count: shore === 'dunes' ? 2 : 1 });
    birds(c, rng, rng.int(2, 5), 180, 380);
    vignette(c, 0.3);
  };
}

function exterior(style: Omit<HouseStyle, 'lit' | 'snow'>, setting: 'winter-dusk' | 'winter-day' | 'summer' | 'lake') {
  return (c: Canvas, rng: Random): void => {
    const winter = setting === 'winter-dusk' || setting === 'winter-day';
    const palette = setting === 'winter-dusk' ? pickSky(rng, [skies.dusk, skies.alpenglow]) : setting === 'winter-day' ? skies.bluebird : setting === 'lake' ? pickSky(rng, [skies.golden, skies.summer]) : skies.summer;
    const lit = setting === 'winter-dusk' || palette === skies.golden;
    sky(c, rng, palette);
    if (setting === 'lake') {
      const horizon = 600;
      sun(c, rng.float(200, 500), 380, 40, palette.sun, 0.6);
      water(c, rng, palette, horizon);
      c.add(rect(0, 650, boardWidth, 350, c.linear([[0, '#e9d7a9'], [1, '#c9b07c']])));
      c.add(rect(0, 720, boardWidth, 280, c.linear([[0, '#7d9c53'], [1, '#5c7d3b']])));
      pineRow(c, rng, { from: -60, to: 260, baseY: 760, jitterY: 30, minH: 260, maxH: 440, count: 5, color: '#24412f' });
    } else {
      clouds(c, rng, 3, 60, 240, '#ffffff', palette.night ? 0.15 : 0.6);
      mountainVista(c, rng, palette, { horizon: 560, layers: 3, snow: true });
      pineRow(c, rng, { from: -60, to: 1560, baseY: 720, jitterY: 30, minH: 220, maxH: 420, count: 16, color: '#1e3a2b', snow: winter ? '#eef3fa' : undefined });
      ground(c, 700, winter ? '#eef3fa' : '#6f9446');
    }
    const houseStyle: HouseStyle = { ...style, lit, snow: winter };
    const w = style.kind === 'modern' ? 760 : style.kind === 'lodge' ? 820 : 620;
    const h = style.kind === 'chalet' ? 300 : style.kind === 'lodge' ? 340 : 290;
    house(c, rng, 750 + rng.float(-60, 60), 770, w, h, houseStyle);
    if (winter) {
      c.add(path(`M 600 1000 Q 700 860 730 772 L 790 772 Q 820 860 950 1000 Z`, '#c9d6e6', 'opacity="0.8"'));
      pine(c, 160, 960, 420, '#1a3326', '#f1f5fb');
      pine(c, 1360, 980, 460, '#1a3326', '#f1f5fb');
    } else {
      c.add(path(`M 640 1000 Q 720 860 740 772 L 780 772 Q 800 860 880 1000 Z`, '#d8cfbf'));
      for (let i = 0; i < 10; i++) c.add(ellipse(rng.float(300, 1200), rng.float(780, 800), rng.float(30, 60), rng.float(20, 34), jitter(rng, '#4f7a3a', 0.15)));
    }
    vignette(c, 0.28);
  };
}

function townhomes(c: Canvas, rng: Random): void {
  const palette = skies.bluebird;
  sky(c, rng, palette);
  clouds(c, rng, 4, 60, 240, '#ffffff', 0.7);
  mountainVista(c, rng, palette, { horizon: 560, layers: 3 });
  ground(c, 700, '#eef3fa');
  const colors = ['#8c5b3e', '#5f6f7d', '#a77b52', '#6d5a4a'];
  for (let k = 0; k < 4; k++) {
    house(c, rng, 230 + k * 345, 780, 330, 300, { kind: k % 2 ? 'lodge' : 'chalet', wall: jitter(rng, colors[k] ?? '#8c5b3e', 0.06), roof: '#3b3f46', trim: '#2d2520', lit: false, snow: true });
  }
  c.add(rect(0, 780, boardWidth, 220, c.linear([[0, '#f3f6fb'], [1, '#d5e0ee']])));
  pine(c, 80, 1000, 380, '#1a3326', '#f1f5fb');
  pine(c, 1440, 1000, 380, '#1a3326', '#f1f5fb');
  vignette(c, 0.25);
}

function livingFireplace(c: Canvas, rng: Random): void {
  const wood = rng.pick(woodTones);
  room(c, rng, { wall: rng.pick(['#d9cdbb', '#cfc3ad', '#e2d8c8']), floor: wood, ceiling: '#e9e2d6', floorKind: 'wood' });
  beams(c, shade(wood, -0.2), 4);
  const palette = rng.pick([skies.bluebird, skies.golden, skies.alpenglow]);
  sideWindow(c, 'left', 0.2, 0.75, '#3b2c22', () => mountainView(c, rng, palette));
  sideWindow(c, 'right', 0.2, 0.75, '#3b2c22', () => mountainView(c, rng, palette));
  fireplace(c, rng, 750, 330, rng.pick(['#9a9288', '#a39a8b', '#8d8479']));
  framedArt(c, 660, 250, 180, 120, '#3b2c22', () => mountainView(c, rng, skies.alpenglow));
  rug(c, rng, 750, 720, 640, 160, rng.pick(['#a4553b', '#5d6f82', '#b99a6b']));
  const fabric = rng.pick(fabricTones);
  armchair(c, 380, 800, 220, fabric);
  armchair(c, 1120, 800, 220, fabric);
  coffeeTable(c, 750, 760, 300, wood);
  c.add(ellipse(700, 758, 40, 10, '#eae3d6'));
  floorLamp(c, 1300, 900, 380, '#efe2c7', true);
  sofa(c, 750, 1040, 900, shade(fabric, -0.15), 'back');
  plant(c, rng, 230, 930, 220, '#c7b8a3');
  vignette(c, 0.3);
}

function livingGreatRoom(c: Canvas, rng: Random): void {
  const wood = rng.pick(woodTones);
  room(c, rng, { wall: '#e5ded3', floor: wood, ceiling: '#d9c4a6', floorKind: 'wood' });
  beams(c, shade(wood, -0.15), 5);
  const palette = rng.pick([skies.bluebird, skies.dawn, skies.golden]);
  backWindow(c, backWall.left + 30, backWall.top + 30, backWall.right - backWall.left - 60, 380, '#2b2622', 4, () => mountainView(c, rng, palette));
  rug(c, rng, 750, 730, 720, 170, rng.pick(['#c8b79d', '#8f9aa6', '#b4684a']));
  const fabric = rng.pick(fabricTones);
  sofa(c, 750, 780, 640, fabric);
  cushion(c, 520, 640, 80, rng.pick(accentTones));
  cushion(c, 900, 640, 80, rng.pick(accentTones));
  coffeeTable(c, 750, 820, 340, wood);
  armchair(c, 230, 930, 260, shade(fabric, 0.15));
  plant(c, rng, 1300, 900, 260, '#f0ebe3');
  floorLamp(c, 1110, 770, 340, '#f3e6cc', false);
  vignette(c, 0.25);
}

function livingLoft(c: Canvas, rng: Random): void {
  const wood = rng.pick(woodTones);
  room(c, rng, { wall: shade(wood, 0.2), sideWall: shade(wood, 0.1), floor: shade(wood, -0.1), ceiling: shade(wood, 0.25), floorKind: 'wood' });
  for (let y = backWall.top + 20; y < backWall.bottom; y += 22) c.add(line(backWall.left, y, backWall.right, y, shade(wood, -0.1), 3, 'opacity="0.6"'));
  beams(c, shade(wood, -0.3), 3);
  backWindow(c, 560, 260, 380, 260, '#3a2a1e', 2, () => mountainView(c, rng, skies.night));
  const fabric = rng.pick(['#7b4b3a', '#5a4a3d', '#6b5b4b']);
  rug(c, rng, 750, 720, 600, 170, '#b9a386');
  sofa(c, 750, 790, 600, fabric);
  cushion(c, 560, 655, 70, '#c9a15a');
  cushion(c, 880, 655, 70, '#4f6f63');
  coffeeTable(c, 750, 830, 280, '#4a3221');
  floorLamp(c, 300, 800, 320, '#e8d2aa', true);
  floorLamp(c, 1200, 800, 320, '#e8d2aa', true);
  c.add(rect(0, 0, boardWidth, boardHeight, '#1a0f05', 'opacity="0.12"'));
  vignette(c, 0.35);
}

function livingCoastal(c: Canvas, rng: Random): void {
  room(c, rng, { wall: '#f3f1ec', sideWall: '#e9e6df', floor: '#c9b596', ceiling: '#fbfaf7', floorKind: 'wood' });
  for (let x = backWall.left + 20; x < backWall.right; x += 24) c.add(line(x, backWall.top, x, backWall.bottom, '#dedad1', 2));
  const palette = rng.pick([skies.summer, skies.golden]);
  backWindow(c, 430, 250, 640, 330, '#ffffff', 3, () => lakeView(c, rng, palette));
  curtains(c, 430, 250, 640, 330, '#e8e1d2');
  rug(c, rng, 750, 720, 660, 170, '#9fb5c2');
  sofa(c, 750, 790, 640, rng.pick(['#dcd3c3', '#c8d3da', '#e6dfd2']));
  cushion(c, 520, 655, 80, '#2f6f8f');
  cushion(c, 920, 655, 80, '#e3a867');
  coffeeTable(c, 750, 830, 320, '#d8c7a5');
  armchair(c, 1280, 930, 260, '#2f5f7a');
  plant(c, rng, 220, 920, 300, '#f0ebe3');
  vignette(c, 0.18);
}

function kitchenIsland(c: Canvas, rng: Random): void {
  const cab = rng.pick(['#2f3b4a', '#41544a', '#e9e4da', '#6b4e37']);
  room(c, rng, { wall: '#ece7df', floor: rng.pick(woodTones), ceiling: '#f3efe8', floorKind: 'wood' });
  const counterTop = 500;
  tiles(c, backWall.left, 330, backWall.right - backWall.left, counterTop - 330, '#f4f2ee', 26);
  cabinets(c, backWall.left, backWall.top + 10, 250, 130, cab, 2, '#c9a86a');
  cabinets(c, backWall.right - 250, backWall.top + 10, 250, 130, cab, 2, '#c9a86a');
  backWindow(c, 620, 230, 260, 200, '#2b2622', 2, () => woodsView(c, rng, rng.pick([skies.summer, skies.golden])));
  cabinets(c, backWall.left, counterTop, backWall.right - backWall.left, backWall.bottom - counterTop, cab, 6, '#c9a86a');
  c.add(rect(backWall.left - 6, counterTop - 16, backWall.right - backWall.left + 12, 18, '#e6e2dc'));
  c.add(rect(980, counterTop - 70, 120, 54, '#2b2b2d'));
  // Island in the foreground.
  const top: [number, number][] = [[330, 700], [1170, 700], [1260, 780], [240, 780]];
  c.add(poly(top, c.linear([[0, '#f1efea'], [1, '#d9d5ce']])));
  cabinets(c, 240, 780, 1020, 180, shade(cab, 0.05), 5, '#c9a86a');
  for (const x of [420, 640, 860, 1080]) stool(c, x, 1000, 200, rng.pick(['#6b4a34', '#2d2a27']));
  for (const x of [560, 750, 940]) pendant(c, x, 200, 44, rng.pick(['#2d2a27', '#b58a4a', '#e9e4da']), true);
  c.add(ellipse(620, 690, 50, 14, '#d8c6a2'));
  for (let i = 0; i < 4; i++) c.add(circle(600 + i * 18, 680 - (i % 2) * 8, 12, rng.pick(['#e0a040', '#c0442f', '#7fa848'])));
  vignette(c, 0.22);
}

function kitchenFarmhouse(c: Canvas, rng: Random): void {
  room(c, rng, { wall: '#f6f4ef', floor: '#b89b74', ceiling: '#fbfaf7', floorKind: 'wood' });
  beams(c, '#8a6a4a', 3);
  const counterTop = 520;
  tiles(c, backWall.left, 360, backWall.right - backWall.left, counterTop - 360, '#ffffff', 22);
  backWindow(c, 600, 250, 300, 220, '#ffffff', 2, () => lakeView(c, rng, rng.pick([skies.summer, skies.golden])));
  for (let k = 0; k < 3; k++) c.add(rect(backWall.left + 40, 260 + k * 60, 180, 10, '#8a6a4a'));
  for (let k = 0; k < 3; k++) c.add(rect(backWall.right - 220, 260 + k * 60, 180, 10, '#8a6a4a'));
  for (let k = 0; k < 6; k++) c.add(roundRect(backWall.left + 50 + k * 28, 226, 22, 34, 6, rng.pick(['#ffffff', '#9fb5c2', '#e3d5b8'])));
  cabinets(c, backWall.left, counterTop, backWall.right - backWall.left, backWall.bottom - counterTop, '#9fb5c2', 6, '#b5b8bd');
  c.add(rect(backWall.left - 6, counterTop - 18, backWall.right - backWall.left + 12, 20, '#8a6a4a'));
  const table: [number, number][] = [[380, 740], [1120, 740], [1220, 830], [280, 830]];
  c.add(poly(table, '#a07a52'));
  c.add(rect(280, 830, 940, 22, '#7d5c3c'));
  for (const x of [420, 600, 900, 1080]) chair(c, x, 1000, '#e9e4da');
  c.add(ellipse(750, 760, 70, 16, '#f3efe7'));
  plant(c, rng, 750, 760, 110, '#ffffff');
  pendant(c, 600, 230, 54, '#1f2a33', true);
  pendant(c, 900, 230, 54, '#1f2a33', true);
  vignette(c, 0.2);
}

function diningView(region: 'mountain' | 'lake') {
  return (c: Canvas, rng: Random): void => {
    const wood = rng.pick(woodTones);
    room(c, rng, { wall: region === 'lake' ? '#f2efe9' : '#ddd3c3', floor: wood, ceiling: '#efe9df', floorKind: 'wood' });
    const palette = rng.pick(region === 'lake' ? [skies.sunset, skies.golden] : [skies.alpenglow, skies.bluebird, skies.dusk]);
    backWindow(c, backWall.left + 40, backWall.top + 40, backWall.right - backWall.left - 80, 360, '#2c2520', 3, () => (region === 'lake' ? lakeView(c, rng, palette) : mountainView(c, rng, palette)));
    const top: [number, number][] = [[440, 700], [1060, 700], [1180, 800], [320, 800]];
    for (const x of [470, 650, 850, 1030]) chair(c, x, 700, shade(wood, -0.2));
    c.add(poly(top, shade(wood, 0.1)));
    c.add(rect(320, 800, 860, 24, shade(wood, -0.15)));
    c.add(rect(360, 824, 20, 150, shade(wood, -0.3)));
    c.add(rect(1120, 824, 20, 150, shade(wood, -0.3)));
    for (const x of [520, 750, 980]) {
      c.add(ellipse(x, 745, 46, 12, '#f7f5f0'));
      c.add(line(x + 50, 745, x + 60, 700, '#d9d9d9', 3));
    }
    c.add(ellipse(750, 720, 60, 14, '#c9a86a'));
    // Antler-style or drum chandelier.
    c.add(line(750, 0, 750, 150, '#2b2623', 3));
    c.add(ellipse(750, 180, 150, 34, 'none', 'stroke="#2b2623" stroke-width="8"'));
    for (let k = 0; k < 6; k++) {
      const x = 620 + k * 52;
      c.add(circle(x, 170, 60, c.radial([[0, '#ffd89a', 0.35], [1, '#ffd89a', 0]], x, 170, 60)));
      c.add(ellipse(x, 168, 7, 12, '#fff3d0'));
    }
    if (region === 'lake') plant(c, rng, 180, 950, 300, '#f2efe9');
    else floorLamp(c, 180, 950, 380, '#efe2c7', true);
    vignette(c, 0.28);
  };
}

function bedroomScene(region: 'mountain' | 'lake') {
  return (c: Canvas, rng: Random): void => {
    const wood = rng.pick(woodTones);
    const wall = region === 'lake' ? rng.pick(['#eef0ee', '#e6ecef', '#f3efe6']) : rng.pick(['#d6cbb9', '#cdd3d0', '#e0d5c3']);
    room(c, rng, { wall, floor: region === 'lake' ? '#cdb896' : wood, ceiling: '#f2eee7', floorKind: region === 'lake' ? 'wood' : 'carpet' });
    if (region === 'mountain') beams(c, shade(wood, -0.2), 3);
    const palette = rng.pick(region === 'lake' ? [skies.summer, skies.golden, skies.dawn] : [skies.bluebird, skies.alpenglow, skies.dawn]);
    sideWindow(c, 'right', 0.25, 0.7, region === 'lake' ? '#ffffff' : '#3b2c22', () => (region === 'lake' ? lakeView(c, rng, palette) : mountainView(c, rng, palette)));
    framedArt(c, 650, 250, 200, 130, region === 'lake' ? '#d9d2c4' : '#3b2c22', () => (region === 'lake' ? lakeView(c, rng, skies.sunset) : mountainView(c, rng, skies.golden)));
    rug(c, rng, 750, 780, 760, 180, region === 'lake' ? '#b9c9d2' : rng.pick(['#a4553b', '#8b8f7a']));
    bed(c, rng, 750, 860, 560, {
      headboard: region === 'lake' ? '#d8d0c0' : shade(wood, -0.1),
      linen: region === 'lake' ? '#ffffff' : '#f1ece2',
      throw: rng.pick(accentTones),
      pillow: rng.pick(accentTones),
    });
    nightstand(c, 380, 780, shade(wood, 0.05), '#f2e6cf', true);
    nightstand(c, 1120, 780, shade(wood, 0.05), '#f2e6cf', true);
    vignette(c, 0.28);
  };
}

function bunkRoom(c: Canvas, rng: Random): void {
  const wood = rng.pick(woodTones);
  room(c, rng, { wall: '#d9d4c7', floor: wood, ceiling: '#efe9df', floorKind: 'wood' });
  backWindow(c, 660, 250, 180, 200, '#3b2c22', 1, () => woodsView(c, rng, skies.summer));
  for (const cx of [470, 1030]) {
    const w = 360;
    const post = shade(wood, -0.25);
    c.add(rect(cx - w / 2 - 14, 250, 18, 560, post));
    c.add(rect(cx + w / 2 - 4, 250, 18, 560, post));
    for (const y of [440, 760]) {
      c.add(roundRect(cx - w / 2, y - 60, w, 60, 10, rng.pick(['#c0653e', '#2f6f8f', '#4e7d6a', '#b7903e'])));
      c.add(roundRect(cx - w / 2 + 10, y - 90, 110, 36, 14, '#f5f3ee'));
      c.add(rect(cx - w / 2 - 14, y, w + 32, 22, post));
    }
    for (let r = 0; r < 6; r++) c.add(rect(cx + w / 2 - 70, 480 + r * 50, 60, 8, shade(wood, -0.1)));
    c.add(rect(cx + w / 2 - 74, 440, 8, 340, shade(wood, -0.1)));
    c.add(rect(cx + w / 2 - 14, 440, 8, 340, shade(wood, -0.1)));
  }
  rug(c, rng, 750, 840, 420, 120, '#b99a6b');
  vignette(c, 0.25);
}

function bathroomTub(c: Canvas, rng: Random): void {
  room(c, rng, { wall: '#efece6', floor: '#cfc9bf', ceiling: '#f7f5f1', floorKind: 'tile' });
  tiles(c, backWall.left, backWall.top + 160, backWall.right - backWall.left, backWall.bottom - backWall.top - 160, rng.pick(['#dfe7ea', '#e9e4da', '#d5dcd2']), 30);
  backWindow(c, 560, 230, 380, 230, '#ffffff', 2, () => woodsView(c, rng, rng.pick([skies.summer, skies.golden, skies.dawn])));
  tub(c, 750, 800, 560, '#f2f2f0');
  towel(c, 1240, 470, 80, rng.pick(['#f5f3ee', '#c9d6dc', '#e3d5b8']));
  plant(c, rng, 300, 860, 220, '#e9e4da');
  c.add(rect(1180, 700, 80, 160, shade(rng.pick(woodTones), 0.1)));
  for (let k = 0; k < 3; k++) c.add(roundRect(1190 + k * 22, 660, 16, 40, 5, rng.pick(['#ffffff', '#c9a86a', '#9fb5c2'])));
  vignette(c, 0.2);
}

function bathroomShower(c: Canvas, rng: Random): void {
  const tile = rng.pick(['#d9d6cf', '#c9d3d6', '#e6e1d8']);
  room(c, rng, { wall: '#f1efea', floor: '#bdb6aa', ceiling: '#f7f5f1', floorKind: 'tile' });
  tiles(c, 780, backWall.top, backWall.right - 780, backWall.bottom - backWall.top, tile, 36);
  c.add(rect(1020, 240, 70, 14, '#9a9ca0'));
  c.add(circle(1055, 270, 26, '#a9abaf'));
  c.add(rect(780, backWall.top, backWall.right - 780, backWall.bottom - backWall.top, '#cfe6ee', 'opacity="0.25"'));
  c.add(line(780, backWall.top, 780, backWall.bottom, '#b9bcc0', 6));
  // Double vanity with round mirrors.
  const wood = rng.pick(woodTones);
  c.add(rect(360, 520, 380, 150, wood));
  c.add(rect(350, 505, 400, 20, '#f2f0ec'));
  for (const x of [450, 650]) {
    mirror(c, x - 60, 260, 120, 180, '#b08d57', '#c6d2da');
    c.add(ellipse(x, 512, 48, 10, '#ffffff'));
    c.add(line(x, 480, x, 505, '#9a9ca0', 6));
  }
  towel(c, 1230, 480, 70, '#f5f3ee');
  plant(c, rng, 260, 880, 200, '#e9e4da');
  c.add(rect(430, 760, 640, 120, rng.pick(['#c9d6dc', '#e3d5b8']), 'opacity="0.8" rx="20"'));
  vignette(c, 0.2);
}

function familyRoom(c: Canvas, rng: Random): void {
  const wood = rng.pick(woodTones);
  room(c, rng, { wall: rng.pick(['#c9c0b0', '#b8c0b6']), floor: wood, ceiling: '#ece6dc', floorKind: 'carpet' });
  tv(c, 750, 300, 420);
  c.add(rect(480, 560, 540, 90, shade(wood, -0.1)));
  // Pool table in perspective.
  const felt: [number, number][] = [[470, 700], [1030, 700], [1160, 860], [340, 860]];
  c.add(poly([[455, 688], [1045, 688], [1185, 872], [315, 872]], '#4a2e1c'));
  c.add(poly(felt, c.linear([[0, '#2f7a4f'], [1, '#1f5a39']])));
  c.add(rect(315, 872, 870, 40, '#3a2416'));
  for (let i = 0; i < 9; i++) c.add(circle(rng.float(520, 980), rng.float(730, 840), 12, rng.pick(['#f5f3ee', '#e0b52b', '#c0392b', '#2e5fa8', '#6b2d82', '#111111'])));
  c.add(line(420, 760, 860, 820, '#c8a26a', 6, 'stroke-linecap="round"'));
  pendant(c, 600, 330, 40, '#2f5a3d', true);
  pendant(c, 900, 330, 40, '#2f5a3d', true);
  armchair(c, 180, 960, 240, rng.pick(fabricTones));
  vignette(c, 0.3);
}

function hotTub(c: Canvas, rng: Random): void {
  const palette = rng.pick([skies.dusk, skies.alpenglow, skies.night]);
  sky(c, rng, palette);
  if (palette === skies.night) sun(c, rng.float(300, 1200), 150, 28, palette.sun, 0.35);
  mountainVista(c, rng, palette, { horizon: 560, layers: 3 });
  pineRow(c, rng, { from: -40, to: 1540, baseY: 700, jitterY: 40, minH: 160, maxH: 300, count: 20, color: '#15291f', snow: '#dfe6f2' });
  // Deck boards.
  c.add(rect(0, 640, boardWidth, 360, c.linear([[0, '#6a4a34'], [1, '#3e2a1d']])));
  for (let y = 650; y < 1000; y += 26) c.add(line(0, y, boardWidth, y, '#2f2016', 2, 'opacity="0.6"'));
  // Railing with a snow cap.
  c.add(rect(0, 560, boardWidth, 14, '#4b3526'));
  c.add(rect(0, 552, boardWidth, 10, '#f1f5fb'));
  for (let x = 20; x < boardWidth; x += 120) c.add(rect(x, 560, 14, 90, '#4b3526'));
  // String lights along a sagging wire.
  c.add(path('M 0 120 Q 750 320 1500 120', 'none', 'stroke="#2a2a2a" stroke-width="2"'));
  for (let i = 1; i < 24; i++) {
    const t = i / 24;
    const x = 1500 * t;
    const y = (1 - t) * (1 - t) * 120 + 2 * (1 - t) * t * 320 + t * t * 120;
    c.add(circle(x, y + 8, 26, c.radial([[0, '#ffd27a', 0.55], [1, '#ffd27a', 0]], x, y + 8, 26)));
    c.add(circle(x, y + 8, 5, '#fff0c2'));
  }
  const cx = 750;
  const cy = 800;
  c.add(ellipse(cx, cy + 20, 420, 150, '#3a2a1e'));
  c.add(ellipse(cx, cy, 400, 130, '#5a4634'));
  c.add(ellipse(cx, cy - 6, 350, 100, c.radial([[0, '#8fe3ef'], [0.6, '#3fb1c9'], [1, '#1f6f8a']], cx, cy - 6, 350)));
  for (let i = 0; i < 14; i++) {
    const sx = cx + rng.float(-300, 300);
    const sy = cy - rng.float(60, 260);
    const r = rng.float(50, 110);
    c.add(ellipse(sx, sy, r, r * 0.6, c.radial([[0, '#ffffff', 0.22], [1, '#ffffff', 0]], sx, sy, r)));
  }
  vignette(c, 0.35);
}

function deckSunset(region: 'mountain' | 'lake') {
  return (c: Canvas, rng: Random): void => {
    const palette = rng.pick([skies.sunset, skies.golden]);
    if (region === 'lake') lakeView(c, rng, palette);
    else {
      sky(c, rng, palette);
      sun(c, rng.float(400, 1100), 470, 50, palette.sun, 0.8);
      mountainVista(c, rng, palette, { horizon: 620, layers: 4 });
      pineRow(c, rng, { from: -40, to: 1540, baseY: 760, jitterY: 40, minH: 140, maxH: 260, count: 24, color: '#1b3527' });
    }
    const deck = region === 'lake' ? '#b59570' : '#7a5638';
    c.add(poly([[0, 700], [1500, 700], [1500, 1000], [0, 1000]], c.linear([[0, shade(deck, 0.05)], [1, shade(deck, -0.25)]])));
    for (let x = -800; x < 2300; x += 70) c.add(line(750 + (x - 750) * 0.35, 700, x, 1000, shade(deck, -0.35), 2, 'opacity="0.55"'));
    c.add(rect(0, 600, boardWidth, 12, shade(deck, -0.3)));
    for (let x = 10; x < boardWidth; x += 26) c.add(rect(x, 612, 6, 88, shade(deck, -0.3)));
    const chairColor = rng.pick(['#f2efe9', '#2f6f8f', '#c0653e', '#4e7d6a']);
    for (const [x, flip] of [[470, 1], [1030, -1]] as const) {
      c.add(poly([[x - 90 * flip, 940], [x + 90 * flip, 940], [x + 110 * flip, 860], [x - 70 * flip, 860]], shade(chairColor, -0.1)));
      for (let k = 0; k < 5; k++) c.add(poly([[x - 70 * flip + k * 34 * flip, 860], [x - 40 * flip + k * 34 * flip, 860], [x - 10 * flip + k * 30 * flip, 640], [x - 40 * flip + k * 30 * flip, 640]], chairColor));
      c.add(rect(Math.min(x - 110 * flip, x - 30 * flip), 820, 80, 16, shade(chairColor, -0.15)));
      c.add(rect(Math.min(x + 80 * flip, x + 160 * flip), 820, 80, 16, shade(chairColor, -0.15)));
    }
    c.add(roundRect(690, 860, 120, 16, 6, shade(deck, -0.2)));
    c.add(rect(740, 876, 20, 90, shade(deck, -0.3)));
    c.add(path('M 735 860 L 730 810 L 750 810 L 748 860 Z', '#f3e6c4', 'opacity="0.9"'));
    vignette(c, 0.3);
  };
}

function skiLift(c: Canvas, rng: Random): void {
  const palette = rng.pick([skies.bluebird, skies.overcastWinter]);
  sky(c, rng, palette);
  clouds(c, rng, 4, 60, 260, '#ffffff', 0.7);
  mountainVista(c, rng, palette, { horizon: 520, layers: 2 });
  // The ski slope rising to the right.
  c.add(path('M -20 1000 L -20 760 Q 600 620 1520 240 L 1520 1000 Z', c.linear([[0, '#ffffff'], [1, '#d4e0ef']])));
  c.add(path('M -20 1000 L -20 860 Q 700 760 1520 420 L 1520 1000 Z', '#c3d3e8', 'opacity="0.5"'));
  pineRow(c, rng, { from: 40, to: 520, baseY: 820, jitterY: 120, minH: 120, maxH: 260, count: 14, color: '#1b3527', snow: '#eef4fb' });
  const cable = (t: number, off: number): [number, number] => [200 + t * 1400, 860 - t * 640 + Math.sin(t * Math.PI) * 40 + off];
  for (const off of [-30, 0]) {
    const pts: string[] = [];
    for (let i = 0; i <= 20; i++) {
      const [x, y] = cable(i / 20, off);
      pts.push(`${x.toFixed(0)},${y.toFixed(0)}`);
    }
    c.add(`<polyline points="${pts.join(' ')}" fill="none" stroke="#2a2d33" stroke-width="3"/>`);
  }
  for (const t of [0.1, 0.45, 0.8]) {
    const [x, y] = cable(t, -30);
    c.add(rect(x - 8, y, 16, 420, '#5c6068'));
    c.add(rect(x - 50, y - 6, 100, 12, '#5c6068'));
  }
  for (let i = 0; i < 8; i++) {
    const t = 0.05 + i * 0.12;
    const [x, y] = cable(t, i % 2 ? -30 : 0);
    c.add(line(x, y, x, y + 60, '#2a2d33', 3));
    c.add(roundRect(x - 34, y + 60, 68, 12, 4, '#c0392b'));
    c.add(rect(x - 34, y + 40, 8, 30, '#2a2d33'));
    if (i % 3 !== 1) {
      c.add(circle(x - 12, y + 46, 9, rng.pick(['#2f6f8f', '#d28a4a', '#7b3f4f'])));
      c.add(circle(x + 12, y + 46, 9, rng.pick(['#4e7d6a', '#b7903e', '#2a2d33'])));
    }
  }
  for (let i = 0; i < 6; i++) {
    const x = rng.float(600, 1300);
    const y = 1000 - (x - 600) * 0.45 - rng.float(40, 200);
    c.add(circle(x, y - 22, 8, rng.pick(['#c0392b', '#2f6f8f', '#e0a040'])));
    c.add(line(x, y - 14, x + 4, y + 10, '#2a2d33', 6));
    c.add(line(x - 20, y + 12, x + 24, y + 8, '#2a2d33', 3));
  }
  vignette(c, 0.25);
}

function trail(region: 'mountain' | 'lake') {
  return (c: Canvas, rng: Random): void => trailScene(c, rng, region);
}

function trailScene(c: Canvas, rng: Random, region: 'mountain' | 'lake'): void {
  const autumn = region === 'mountain' && rng.chance(0.6);
  const palette = skies.summer;
  sky(c, rng, palette);
  clouds(c, rng, 5, 60, 260, '#ffffff', 0.8);
  if (region === 'mountain') mountainVista(c, rng, palette, { horizon: 560, layers: 3, rock: '#5a6070' });
  else {
    hills(c, ridge(rng, { base: 540, amplitude: 40, roughness: 0.5 }), boardHeight, mix('#4f7a4a', palette.haze, 0.4));
    pineRow(c, rng, { from: -40, to: 1540, baseY: 640, jitterY: 30, minH: 120, maxH: 220, count: 30, color: '#2a4a34' });
  }
  c.add(rect(0, 620, boardWidth, 380, c.linear([[0, autumn ? '#9aa052' : '#7ea24f'], [1, autumn ? '#6f6d36' : '#4f7434']])));
  c.add(path('M 640 1000 Q 700 820 760 700 Q 800 640 770 620 L 790 620 Q 840 660 820 720 Q 800 840 900 1000 Z', '#c4ab84'));
  const leaves = autumn ? '#e9b93a' : '#8fbf4f';
  const trees = Array.from({ length: 26 }, () => ({ x: rng.chance(0.5) ? rng.float(-20, 560) : rng.float(960, 1520), y: rng.float(640, 1000) })).sort((a, b) => a.y - b.y);
  for (const t of trees) aspen(c, rng, t.x, t.y, 140 + (t.y - 620) * 0.9, leaves);
  for (let i = 0; i < 20; i++) grassTuft(c, rng, rng.float(0, 1500), rng.float(800, 1000), rng.float(30, 60), '#5a6f32');
  vignette(c, 0.25);
}

function alpineLake(c: Canvas, rng: Random): void {
  const palette = rng.pick([skies.summer, skies.dawn]);
  sky(c, rng, palette);
  clouds(c, rng, 3, 60, 240, '#ffffff', 0.7);
  mountainVista(c, rng, palette, { horizon: 600, layers: 3 });
  c.add(path('M -20 620 Q 750 560 1520 620 L 1520 1000 L -20 1000 Z', c.linear([[0, '#5fb3c0'], [1, '#1f6d7d']])));
  for (let i = 0; i < 60; i++) {
    const y = rng.float(620, 980);
    const x = rng.float(0, 1500);
    c.add(line(x, y, x + rng.float(20, 80), y, '#ffffff', 2, 'opacity="0.2"'));
  }
  c.add(path('M -20 1000 L -20 820 Q 200 780 420 860 Q 520 920 560 1000 Z', '#6b6d64'));
  for (let i = 0; i < 7; i++) c.add(ellipse(rng.float(0, 500), rng.float(880, 1000), rng.float(30, 70), rng.float(18, 34), jitter(rng, '#8a8c84', 0.15)));
  pineRow(c, rng, { from: 1150, to: 1560, baseY: 820, jitterY: 160, minH: 200, maxH: 420, count: 9, color: '#1b3527' });
  vignette(c, 0.25);
}

function mainStreet(region: 'mountain' | 'lake') {
  return (c: Canvas, rng: Random): void => mainStreetScene(c, rng, region);
}

function mainStreetScene(c: Canvas, rng: Random, region: 'mountain' | 'lake'): void {
  const palette = rng.pick(region === 'mountain' ? [skies.dusk, skies.alpenglow] : [skies.sunset, skies.dusk]);
  sky(c, rng, palette);
  if (region === 'mountain') mountainVista(c, rng, palette, { horizon: 420, layers: 2 });
  else {
    clouds(c, rng, 4, 60, 260, mix('#ffffff', palette.haze, 0.5), 0.5);
    pineRow(c, rng, { from: -40, to: 1540, baseY: 420, jitterY: 40, minH: 140, maxH: 260, count: 26, color: mix('#22402e', palette.haze, 0.3) });
  }
  const facades = ['#b5523b', '#3f6f8f', '#e2c16b', '#6d8f5a', '#8a4f6d', '#d9d2c1', '#2f4f5f'];
  let x = -20;
  let i = 0;
  while (x < boardWidth) {
    const w = rng.float(170, 260);
    const h = rng.float(300, 420);
    const color = facades[(i + rng.int(0, 2)) % facades.length] ?? '#b5523b';
    const top = 760 - h;
    c.add(rect(x, top, w, h, color));
    c.add(rect(x - 6, top - 18, w + 12, 22, shade(color, -0.25)));
    for (let k = 0; k < 2; k++) {
      const wx = x + 24 + k * (w / 2 - 10);
      c.add(rect(wx, top + 40, w / 2 - 44, 80, c.linear([[0, '#ffe0a0'], [1, '#f0a050']])));
      c.add(rect(wx, top + 40, w / 2 - 44, 80, 'none', `stroke="${shade(color, 0.4)}" stroke-width="5"`));
    }
    c.add(rect(x + 14, 600, w - 28, 140, c.linear([[0, '#ffd890'], [1, '#e08a40']])));
    c.add(poly([[x + 6, 590], [x + w - 6, 590], [x + w + 10, 630], [x - 10, 630]], rng.pick(['#7b2f2f', '#2f4f3f', '#3b3b5b', '#8a6a2a'])));
    x += w;
    i += 1;
  }
  c.add(rect(0, 760, boardWidth, 40, '#9c958a'));
  c.add(rect(0, 800, boardWidth, 200, c.linear([[0, '#4b4b55'], [1, '#2b2b33']])));
  for (let k = 0; k < 8; k++) c.add(rect(80 + k * 190, 900, 90, 8, '#e9e4d6', 'opacity="0.7"'));
  for (const lx of [150, 750, 1350]) {
    c.add(rect(lx - 5, 560, 10, 220, '#1f1f24'));
    c.add(circle(lx, 555, 60, c.radial([[0, '#ffe2a0', 0.6], [1, '#ffe2a0', 0]], lx, 555, 60)));
    c.add(circle(lx, 555, 14, '#fff3cf'));
  }
  for (let s = 0; s < 2; s++) {
    const y0 = 300 + s * 80;
    c.add(path(`M 0 ${y0} Q 750 ${y0 + 140} 1500 ${y0}`, 'none', 'stroke="#222" stroke-width="2" opacity="0.6"'));
    for (let k = 1; k < 30; k++) {
      const t = k / 30;
      const px = 1500 * t;
      const py = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 140) + t * t * y0;
      c.add(circle(px, py + 6, 5, '#fff1c0'));
    }
  }
  for (let p = 0; p < 10; p++) {
    const px = rng.float(50, 1450);
    c.add(roundRect(px - 10, 700, 20, 70, 8, rng.pick(['#2f3b4a', '#7b3f4f', '#4e7d6a', '#c0653e'])));
    c.add(circle(px, 690, 10, '#e0c0a0'));
  }
  vignette(c, 0.35);
}

function beachDay(c: Canvas, rng: Random): void {
  const palette = skies.summer;
  const horizon = 470;
  sky(c, rng, palette, horizon);
  clouds(c, rng, 5, 60, 300, '#ffffff', 0.85);
  water(c, rng, palette, horizon, { tint: '#2a8bb0' });
  c.add(path(`M -20 720 Q 500 680 900 700 Q 1200 715 1520 690 L 1520 1000 L -20 1000 Z`, c.linear([[0, '#efe0bb'], [1, '#d8bf8c']])));
  c.add(path(`M -20 722 Q 500 682 900 702 Q 1200 717 1520 692`, 'none', 'stroke="#ffffff" stroke-width="6" opacity="0.7"'));
  dunes(c, rng, { baseY: 930, count: 1 });
  // Umbrella and towels.
  const ux = rng.float(850, 1150);
  const apex: [number, number] = [ux, 560];
  c.add(line(ux, 600, ux + 14, 890, '#6b5a4a', 6));
  const colors = ['#c0392b', '#ffffff', '#2f6f8f', '#ffffff', '#e0a040', '#ffffff'];
  for (let k = 0; k < 6; k++) {
    const edge = (t: number): [number, number] => {
      const a = Math.PI * (1 - t);
      return [ux + Math.cos(a) * 180, 650 - Math.sin(a) * 22];
    };
    c.add(poly([apex, edge(k / 6), edge((k + 1) / 6)], colors[k] ?? '#ffffff'));
  }
  c.add(ellipse(ux + 30, 905, 170, 22, '#9c8660', 'opacity="0.35"'));
  c.add(poly([[ux - 200, 860], [ux - 40, 850], [ux - 10, 900], [ux - 180, 912]], '#2f6f8f'));
  c.add(poly([[ux + 60, 880], [ux + 220, 874], [ux + 250, 930], [ux + 80, 938]], '#e0a040'));
  birds(c, rng, 4, 120, 320);
  vignette(c, 0.22);
}

function lighthousePier(c: Canvas, rng: Random): void {
  const palette = rng.pick([skies.sunset, skies.golden]);
  const horizon = 600;
  const sunX = rng.float(300, 700);
  sky(c, rng, palette, horizon);
  sun(c, sunX, horizon - 60, 56, palette.sun, 0.8);
  clouds(c, rng, 5, 60, 380, mix('#ffffff', palette.haze, 0.5), 0.55);
  water(c, rng, palette, horizon, { sunX });
  // Pier running out to the light, with the catwalk on posts above it.
  c.add(poly([[-20, 900], [1080, 640], [1120, 640], [60, 1000], [-20, 1000]], '#5b5752'));
  c.add(poly([[-20, 900], [1080, 640], [1085, 652], [-20, 920]], '#7a756e'));
  for (let k = 0; k < 12; k++) {
    const t = k / 12;
    const px = -20 + t * 1100;
    const py = 900 - t * 260;
    c.add(line(px, py, px, py - 60 * (1 - t * 0.7), '#2f2b28', 4 - t * 2));
  }
  c.add(line(-20, 835, 1080, 600, '#2f2b28', 3));
  const lx = 1110;
  const base = 650;
  c.add(poly([[lx - 46, base], [lx + 46, base], [lx + 30, base - 300], [lx - 30, base - 300]], c.linear([[0, '#d33b2c'], [1, '#a1261b']], 0, 0, 1, 0)));
  c.add(rect(lx - 40, base - 320, 80, 20, '#2f2b28'));
  c.add(rect(lx - 26, base - 380, 52, 60, '#ffe9a8'));
  c.add(circle(lx, base - 350, 150, c.radial([[0, '#fff2c0', 0.5], [1, '#fff2c0', 0]], lx, base - 350, 150)));
  c.add(poly([[lx - 36, base - 380], [lx + 36, base - 380], [lx, base - 420]], '#2f2b28'));
  c.add(rect(lx - 10, base - 120, 20, 40, '#2f2b28'));
  birds(c, rng, 3, 150, 320);
  vignette(c, 0.3);
}

function marina(c: Canvas, rng: Random): void {
  const palette = rng.pick([skies.summer, skies.golden, skies.dawn]);
  const horizon = 480;
  sky(c, rng, palette, horizon);
  clouds(c, rng, 4, 60, 260, '#ffffff', 0.7);
  const shore = ridge(rng, { base: horizon - 30, amplitude: 20, roughness: 0.5 });
  hills(c, shore, horizon + 2, mix('#3e5a3c', palette.haze, 0.45));
  water(c, rng, palette, horizon, { tint: '#1f5d86' });
  for (let k = 0; k < 7; k++) {
    const bx = 120 + k * 200 + rng.float(-30, 30);
    const by = 700 + (k % 2) * 60;
    const s = rng.float(0.8, 1.1);
    c.add(ellipse(bx, by + 30 * s, 110 * s, 14 * s, '#0f2a3c', 'opacity="0.35"'));
    c.add(path(`M ${bx - 110 * s} ${by} L ${bx + 120 * s} ${by} L ${bx + 80 * s} ${by + 30 * s} L ${bx - 90 * s} ${by + 30 * s} Z`, '#f7f6f2'));
    c.add(rect(bx - 100 * s, by + 8 * s, 200 * s, 5 * s, rng.pick(['#2f6f8f', '#c0392b', '#1f2a33'])));
    c.add(line(bx, by, bx, by - 300 * s, '#c9c9c9', 4));
    if (k % 3 === 0) c.add(poly([[bx + 4, by - 290 * s], [bx + 4, by - 20], [bx + 120 * s, by - 20]], '#ffffff', 'opacity="0.95"'));
    else c.add(rect(bx - 4, by - 200 * s, 14, 180 * s, '#2f4f6f'));
    c.add(line(bx, by - 300 * s, bx + 110 * s, by, '#c9c9c9', 1.5));
  }
  c.add(rect(0, 820, boardWidth, 26, '#8a6a4a'));
  for (let x = 20; x < boardWidth; x += 140) c.add(rect(x, 800, 16, 90, '#5a4634'));
  c.add(rect(0, 846, boardWidth, 154, c.linear([[0, '#1f4f6f'], [1, '#123448']])));
  vignette(c, 0.25);
}

// The pool -------------------------------------------------------------------

export const scenes: readonly Scene[] = [
  // Mountain vistas
  { key: 'vista-tenmile-sunrise', alt: 'Sunrise over the Tenmile Range with snow-capped peaks', group: 'vista', region: 'mountain', draw: vistaPeaks(skies.dawn, 'rising') },
  { key: 'vista-alpenglow-peaks', alt: 'Alpenglow on snowy peaks above a pine forest', group: 'vista', region: 'mountain', draw: vistaPeaks(skies.alpenglow, 'none') },
  { key: 'vista-bluebird-powder', alt: 'Bluebird day over fresh powder and snow-dusted pines', group: 'vista', region: 'mountain', draw: vistaPeaks(skies.bluebird, 'high') },
  { key: 'vista-summer-meadow', alt: 'Wildflower meadow and aspens below the summer peaks', group: 'vista', region: 'mountain', draw: summerMeadow },
  // Lake vistas
  { key: 'vista-lake-michigan-sunset', alt: 'Sunset over Lake Michigan from the dunes', group: 'vista', region: 'lake', draw: lakeVista(skies.sunset, 'dunes') },
  { key: 'vista-lake-golden-hour', alt: 'Golden hour on the lake with a wooded shoreline', group: 'vista', region: 'lake', draw: lakeVista(skies.golden, 'trees') },
  { key: 'vista-bay-morning', alt: 'Calm morning on the bay below a green bluff', group: 'vista', region: 'lake', draw: lakeVista(skies.dawn, 'bluff') },
  { key: 'vista-dunes-afternoon', alt: 'Sand dunes and beach grass above blue water', group: 'vista', region: 'lake', draw: lakeVista(skies.summer, 'dunes') },
  // Exteriors
  { key: 'exterior-log-cabin-snow', alt: 'Log cabin in fresh snow with warm lights at dusk', group: 'exterior', region: 'mountain', draw: exterior({ kind: 'cabin', wall: '#8a5a3b', roof: '#3d3a38', trim: '#2d2118' }, 'winter-dusk') },
  { key: 'exterior-chalet-evening', alt: 'A-frame chalet with a wall of glowing windows on a winter evening', group: 'exterior', region: 'mountain', draw: exterior({ kind: 'chalet', wall: '#7b5639', roof: '#2f3136', trim: '#2a1f18' }, 'winter-dusk') },
  { key: 'exterior-modern-mountain', alt: 'Modern mountain home with cedar siding and big windows', group: 'exterior', region: 'mountain', draw: exterior({ kind: 'modern', wall: '#9a6a45', roof: '#2b2d31', trim: '#1f2226' }, 'winter-day') },
  { key: 'exterior-timber-lodge', alt: 'Timber lodge with stone chimney in the snow', group: 'exterior', region: 'mountain', draw: exterior({ kind: 'lodge', wall: '#6e4a32', roof: '#3a3f46', trim: '#2a1f18' }, 'winter-day') },
  { key: 'exterior-summer-cabin', alt: 'Cabin among pines on a summer day', group: 'exterior', region: 'mountain', draw: exterior({ kind: 'cabin', wall: '#a06c43', roof: '#4a4f45', trim: '#3a2a1e' }, 'summer') },
  { key: 'exterior-townhomes-winter', alt: 'Row of ski townhomes below the slopes', group: 'exterior', region: 'mountain', draw: townhomes },
  { key: 'exterior-lake-cottage', alt: 'Lakeside cottage with a front porch', group: 'exterior', region: 'lake', draw: exterior({ kind: 'cottage', wall: '#dfe6e9', roof: '#4f5a63', trim: '#ffffff' }, 'lake') },
  { key: 'exterior-shingle-beach-house', alt: 'Shingled beach house behind the dunes', group: 'exterior', region: 'lake', draw: exterior({ kind: 'cottage', wall: '#a99a84', roof: '#5a5048', trim: '#f5f3ee' }, 'lake') },
  { key: 'exterior-lakeshore-modern', alt: 'Modern lake house with floor-to-ceiling glass', group: 'exterior', region: 'lake', draw: exterior({ kind: 'modern', wall: '#c9b79c', roof: '#2b2d31', trim: '#f5f3ee' }, 'lake') },
  // Interiors
  { key: 'living-stone-fireplace', alt: 'Living room with stone fireplace and mountain windows', group: 'interior', region: 'mountain', room: 'living', draw: livingFireplace },
  { key: 'living-great-room', alt: 'Great room with vaulted beams and a wall of windows', group: 'interior', region: 'mountain', room: 'living', draw: livingGreatRoom },
  { key: 'living-cozy-loft', alt: 'Cozy wood-paneled den with lamps glowing', group: 'interior', region: 'mountain', room: 'living', draw: livingLoft },
  { key: 'living-coastal', alt: 'Bright living room with a view of the lake', group: 'interior', region: 'lake', room: 'living', draw: livingCoastal },
  { key: 'kitchen-island-pendants', alt: 'Kitchen with a large island and pendant lights', group: 'interior', region: 'any', room: 'kitchen', draw: kitchenIsland },
  { key: 'kitchen-farmhouse', alt: 'Farmhouse kitchen with open shelves and a dining table', group: 'interior', region: 'lake', room: 'kitchen', draw: kitchenFarmhouse },
  { key: 'dining-mountain-view', alt: 'Dining table for eight in front of mountain views', group: 'interior', region: 'mountain', room: 'dining', draw: diningView('mountain') },
  { key: 'dining-lake-view', alt: 'Dining room facing the lake at sunset', group: 'interior', region: 'lake', room: 'dining', draw: diningView('lake') },
  { key: 'bedroom-mountain-king', alt: 'King bedroom with timber beams and a mountain view', group: 'interior', region: 'mountain', room: 'bedroom', draw: bedroomScene('mountain') },
  { key: 'bedroom-mountain-queen', alt: 'Queen bedroom with warm lamps and a window on the peaks', group: 'interior', region: 'mountain', room: 'bedroom', draw: bedroomScene('mountain') },
  { key: 'bedroom-lake-white', alt: 'Airy bedroom in whites and blues with a lake view', group: 'interior', region: 'lake', room: 'bedroom', draw: bedroomScene('lake') },
  { key: 'bedroom-lake-guest', alt: 'Guest bedroom with crisp linens and a window to the water', group: 'interior', region: 'lake', room: 'bedroom', draw: bedroomScene('lake') },
  { key: 'bedroom-bunk-room', alt: 'Bunk room with two sets of bunks for the kids', group: 'interior', region: 'any', room: 'bunk', draw: bunkRoom },
  { key: 'bathroom-soaking-tub', alt: 'Bathroom with a freestanding soaking tub under a window', group: 'interior', region: 'any', room: 'bathroom', draw: bathroomTub },
  { key: 'bathroom-walk-in-shower', alt: 'Bathroom with double vanity and a glass walk-in shower', group: 'interior', region: 'any', room: 'bathroom', draw: bathroomShower },
  { key: 'family-game-room', alt: 'Game room with a pool table and a big-screen TV', group: 'interior', region: 'any', room: 'family', draw: familyRoom },
  // Outdoor living
  { key: 'outdoor-hot-tub-snow', alt: 'Private hot tub on a snowy deck under string lights', group: 'outdoor', region: 'mountain', draw: hotTub },
  { key: 'outdoor-deck-mountain-sunset', alt: 'Deck chairs facing the mountains at sunset', group: 'outdoor', region: 'mountain', draw: deckSunset('mountain') },
  { key: 'outdoor-deck-lake-sunset', alt: 'Deck chairs facing the lake at sunset', group: 'outdoor', region: 'lake', draw: deckSunset('lake') },
  // Nearby places
  { key: 'place-ski-lift', alt: 'Chairlift climbing a groomed ski run', group: 'place', region: 'mountain', draw: skiLift },
  { key: 'place-trail-aspens', alt: 'Hiking trail through an aspen grove', group: 'place', region: 'mountain', draw: trail('mountain') },
  { key: 'place-trail-woods', alt: 'Bike trail through green woods and meadow', group: 'place', region: 'lake', draw: trail('lake') },
  { key: 'place-alpine-lake', alt: 'Turquoise alpine lake below rocky peaks', group: 'place', region: 'mountain', draw: alpineLake },
  { key: 'place-main-street', alt: 'Historic Main Street shops and restaurants at dusk', group: 'place', region: 'mountain', draw: mainStreet('mountain') },
  { key: 'place-lakeshore-downtown', alt: 'Lakeshore town shops and patios at sunset', group: 'place', region: 'lake', draw: mainStreet('lake') },
  { key: 'place-beach', alt: 'Sandy Lake Michigan beach with an umbrella', group: 'place', region: 'lake', draw: beachDay },
  { key: 'place-lighthouse', alt: 'Red pierhead lighthouse at sunset', group: 'place', region: 'lake', draw: lighthousePier },
  { key: 'place-marina', alt: 'Sailboats moored in the marina', group: 'place', region: 'lake', draw: marina },
];

const byKey = new Map(scenes.map((s) => [s.key, s]));

export const sceneKeys: readonly string[] = scenes.map((s) => s.key);

export function getScene(key: string): Scene {
  const scene = byKey.get(key);
  if (!scene) throw new Error(`Unknown scene "${key}"`);
  return scene;
}

/** The SVG of one scene at the given pixel size. */
export function sceneSvg(key: string, width: number, height: number): string {
  const scene = getScene(key);
  const c = new Canvas();
  scene.draw(c, createRandom(`scene:${key}`));
  return c.toSvg(width, height);
}
