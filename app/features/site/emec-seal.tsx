import type { EmecSeal as Seal } from "~/features/institution/mec";

/**
 * The e-MEC seal (Portaria MEC 879/2022): in the footer of every public page, a link to the
 * institution's record with its QR code (drawn on the server) and its code, with the IGC and CI
 * when the studio has them. Nothing is shown until the studio has the code and the link.
 */
export function EmecSeal({
  seal,
  grades,
}: {
  seal: Seal;
  grades: { igcGrade: string; igcYear: string; ciGrade: string; ciYear: string };
}) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(seal.qrSvg)}`;
  return (
    <a
      href={seal.url}
      target="_blank"
      rel="noopener"
      data-testid="emec-seal"
      className="flex items-center gap-3 rounded-md bg-white p-2 text-slate-900 hover:ring-2 hover:ring-accent-300"
    >
      <img src={src} width={72} height={72} alt="QR code do cadastro da instituição no e-MEC" className="size-18 shrink-0" />
      <span className="text-xs leading-snug">
        <span className="block text-sm font-extrabold text-brand-800">e-MEC</span>
        <span className="block">Consulte aqui o cadastro da instituição no Sistema e-MEC</span>
        <span className="block font-semibold">Código e-MEC: {seal.code}</span>
        {grades.igcGrade ? (
          <span className="block">
            IGC {grades.igcGrade} ({grades.igcYear})
          </span>
        ) : null}
        {grades.ciGrade ? (
          <span className="block">
            CI {grades.ciGrade} ({grades.ciYear})
          </span>
        ) : null}
        <span className="sr-only"> (abre em nova aba)</span>
      </span>
    </a>
  );
}
