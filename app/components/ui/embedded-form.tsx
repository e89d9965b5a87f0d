type EmbeddedFormProps = {
  src: string;
  title: string;
  /** Spec 02: embedded forms are 600 px high on phones and 800 px from 768 px. */
  className?: string;
};

/**
 * A form embedded in an iframe (the club-games form, the CV form): lazy, no referrer sent to
 * outside hosts, with a plain link under it for anyone whose browser blocks the frame.
 */
export function EmbeddedForm({ src, title, className = "h-[600px] md:h-[800px]" }: EmbeddedFormProps) {
  const external = /^https?:\/\//.test(src);
  return (
    <div>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        referrerPolicy={external ? "no-referrer" : undefined}
        className={`block w-full rounded-xl border border-slate-200 bg-white ${className}`}
      />
      <p className="mt-3 text-center text-sm text-slate-600">
        O formulário não apareceu?{" "}
        <a href={src.replace(/([?&])embed=1(&|$)/, "$1").replace(/[?&]$/, "")} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
          Abra o formulário em uma nova aba
        </a>
        .
      </p>
    </div>
  );
}
