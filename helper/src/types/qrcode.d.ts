// The part of `qrcode` (no bundled types; @types/qrcode would be a dependency for one call) the drivers use.
declare module "qrcode" {
  const QRCode: {
    toDataURL(
      text: string,
      options?: { margin?: number; width?: number; errorCorrectionLevel?: "L" | "M" | "Q" | "H" },
    ): Promise<string>;
  };
  export default QRCode;
}
