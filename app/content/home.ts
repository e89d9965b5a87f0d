/**
 * Home page hero content. The picture beside the hero text (desktop only)
 * is a light inline illustration by default; to use a real photo, drop it into `public/images/`
 * and point `heroImage` at it with its real size (the width and height keep the layout stable).
 */
export type HeroImage = { src: string; width: number; height: number; alt: string };

export const heroStats = [
  { value: "80+", label: "cursos" },
  { value: "70%", label: "de bolsa" },
  { value: "1000+", label: "polos" },
] as const;

/** e.g. `{ src: "/images/home/formandos.webp", width: 800, height: 640, alt: "Formandos da turma de 2025" }` */
export const heroImage: HeroImage | null = null;
