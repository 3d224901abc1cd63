import jsQR from "jsqr";

/**
 * Reads a QR code drawn as SVG squares (`<path d="M x,y h1v1h-1z…">` over a `viewBox`, as the
 * payment page draws it): paints each square into pixels, `scale` to a module, and decodes the
 * picture with jsQR, as the PDF's QR is decoded from poppler's rendering. Null when it does not scan.
 */
export function decodeSvgQr(svg: string, scale = 8): string | null {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path d="([^"]+)"/.exec(svg);
  if (!viewBox || !path) return null;
  const size = Number(viewBox[1]);
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const square of path[1]!.matchAll(/M(\d+),(\d+)h1v1h-1z/g)) {
    const x0 = Number(square[1]) * scale;
    const y0 = Number(square[2]) * scale;
    for (let y = y0; y < y0 + scale; y += 1) {
      for (let x = x0; x < x0 + scale; x += 1) {
        const at = (y * width + x) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
