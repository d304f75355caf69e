import type { Figure } from './figure';

const W = 560;
const H = 340;
const PAD = { left: 70, right: 20, top: 40, bottom: 56 };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n: number) => (n >= 1000 ? `${n / 1000}k` : Number(n.toPrecision(3)).toString());

/**
 * A hand-drawn line chart of one figure's curve: the points measured, and a dashed line through the
 * first point growing in proportion to x (linear cost). Points above the dashed line grow faster than
 * linearly; below it, slower. Both axes start at zero so the proportions are honest.
 */
export function curveSvg(f: Figure): string {
  const curve = f.curve;
  if (!curve || curve.points.length === 0) throw new Error(`${f.id} has no curve`);
  const [x0, y0] = curve.points[0]!;
  const maxX = Math.max(...curve.points.map(([x]) => x));
  const linearAtMax = x0 > 0 ? (y0 * maxX) / x0 : y0;
  const maxY = Math.max(...curve.points.map(([, y]) => y), linearAtMax) * 1.1 || 1;
  const px = (x: number) => PAD.left + (x / maxX) * (W - PAD.left - PAD.right);
  const py = (y: number) => H - PAD.bottom - (y / maxY) * (H - PAD.top - PAD.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * maxY);
  const line = curve.points
    .map(([x, y], i) => `${i ? 'L' : 'M'}${px(x).toFixed(1)},${py(y).toFixed(1)}`)
    .join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">
  <title>${esc(f.figure)}</title>
  <rect width="${W}" height="${H}" fill="#fff"/>
  <text x="${W / 2}" y="20" text-anchor="middle" font-size="13" font-weight="bold">${esc(f.id)}</text>
  <line x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}" stroke="#333"/>
  <line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${H - PAD.bottom}" stroke="#333"/>
${ticks.map((t) => `  <text x="${PAD.left - 6}" y="${py(t) + 4}" text-anchor="end">${fmt(t)}</text>`).join('\n')}
${curve.points.map(([x]) => `  <text x="${px(x)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${fmt(x)}</text>`).join('\n')}
  <text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 14}" text-anchor="middle">${esc(curve.x)}</text>
  <text x="16" y="${(PAD.top + H - PAD.bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(PAD.top + H - PAD.bottom) / 2})">${esc(curve.y)}</text>
  <line x1="${px(0)}" y1="${py(x0 > 0 ? 0 : y0)}" x2="${px(maxX)}" y2="${py(linearAtMax)}" stroke="#999" stroke-dasharray="5 4"/>
  <text x="${W - PAD.right}" y="${PAD.top - 6}" text-anchor="end" fill="#777">dashed: linear through the first point</text>
  <path d="${line}" fill="none" stroke="#1f5fbf" stroke-width="2"/>
${curve.points.map(([x, y]) => `  <circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="4" fill="#1f5fbf"><title>${fmt(x)}: ${y}</title></circle>`).join('\n')}
</svg>
`;
}
