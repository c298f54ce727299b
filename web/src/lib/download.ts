// Browser side of the export buttons: file downloads, an on-page SVG element serialised with
// its computed styles (class-based CSS does not travel with a file), and SVG → PNG.
import { type LegendItem, type MeasureText, estimateText, svgDocument } from './export';

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, mime: string): void {
  downloadBlob(name, new Blob([text], { type: `${mime};charset=utf-8` }));
}

/** The presentation properties that the stylesheet sets on chart SVG elements. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'font-variant-numeric',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** The markup of `el`'s children with every computed presentation style written inline. */
export function styledMarkup(el: SVGElement): string {
  const clone = el.cloneNode(true) as SVGElement;
  const src = [el, ...el.querySelectorAll('*')];
  const dst = [clone, ...clone.querySelectorAll('*')];
  src.forEach((s, i) => {
    const d = dst[i] as SVGElement | undefined;
    if (!d || !(s instanceof SVGElement)) return;
    const cs = getComputedStyle(s);
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    d.setAttribute('style', style);
    d.removeAttribute('class');
  });
  return clone.innerHTML;
}

/** The page's current background and text colours (they follow the theme). */
export function themeColors(): { background: string; text: string; font: string } {
  const cs = getComputedStyle(document.documentElement);
  const panel = cs.getPropertyValue('--panel').trim();
  return { background: panel || '#ffffff', text: cs.getPropertyValue('--text').trim() || '#000000', font: cs.fontFamily };
}

/** Measures text as the exported document will draw it, in the page's font. */
function canvasMeasure(family: string): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return estimateText;
  return (text, size, bold) => {
    ctx.font = `${bold ? '600 ' : ''}${size}px ${family}`;
    return ctx.measureText(text).width;
  };
}

/** A whole standalone SVG document for a chart whose plot is the on-page `svg`. */
export function chartDocument(svg: SVGSVGElement, title: string, legend: LegendItem[], extraBody = ''): string {
  const box = svg.viewBox.baseVal;
  const width = box && box.width > 0 ? box.width : svg.clientWidth;
  const height = box && box.width > 0 ? box.height : svg.clientHeight;
  const theme = themeColors();
  return svgDocument({ width, height, title, legend, body: styledMarkup(svg) + extraBody, ...theme, measure: canvasMeasure(theme.font) });
}

/** Renders an SVG document to a PNG at `scale` × its size. */
export function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml;charset=utf-8' }));
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(img.width * scale));
      canvas.height = Math.max(1, Math.round(img.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        URL.revokeObjectURL(url);
        reject(new Error('no 2D canvas'));
        return;
      }
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the chart SVG could not be rendered'));
    };
    img.src = url;
  });
}

/** Downloads a chart SVG document as .svg or .png. */
export async function downloadChart(svgText: string, name: string, format: 'svg' | 'png'): Promise<void> {
  if (format === 'svg') downloadText(`${name}.svg`, svgText, 'image/svg+xml');
  else downloadBlob(`${name}.png`, await svgToPng(svgText));
}
