/** The islands by name, from the build (scripts/islands-plugin.mjs, decision 092). */
declare module "virtual:islands" {
  const islands: Record<string, { src: string; integrity: string }>;
  export default islands;
}
