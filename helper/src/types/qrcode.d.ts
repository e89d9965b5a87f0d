// The part of `qrcode` (no bundled types; @types/qrcode would be a dependency for two calls) the helper's
// drivers and the site's e-MEC seal (app/features/institution/emec-seal.server.ts) use.
declare module "qrcode" {
  const QRCode: {
    toDataURL(
      text: string,
      options?: { margin?: number; width?: number; errorCorrectionLevel?: "L" | "M" | "Q" | "H" },
    ): Promise<string>;
    /** The symbol's modules (dark = truthy), row by row: the site draws its own SVG from them. */
    create(
      text: string,
      options?: { errorCorrectionLevel?: "L" | "M" | "Q" | "H" },
    ): { modules: { size: number; data: ArrayLike<number | boolean> } };
  };
  export default QRCode;
}
