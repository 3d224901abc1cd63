/** The part of fontkit (the font engine @react-pdf/renderer lays text out with) the line breaker measures with. */
declare module "fontkit" {
  export interface Font {
    unitsPerEm: number;
    layout(text: string): { advanceWidth: number };
  }
  export function openSync(path: string): Font;
}
