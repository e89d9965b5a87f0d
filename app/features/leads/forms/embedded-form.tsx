import { mount } from "~/features/site/frame-height.island";
import { buttonClass } from "~/ui/button";
import { textLink } from "~/ui/text-link";
import { useIsland } from "~/ui/use-island";

type EmbeddedFormProps = {
  src: string;
  title: string;
  /**
   * The frame's height before (or without) JavaScript. An outside form gets 600 px on phones and
   * 800 px from 768 px (its height cannot be known); our own enrolment form is about 750 px tall in
   * a phone's narrow frame (more with error messages), so phones get 900 px: nobody has to scroll
   * inside the frame to reach the consent box and the submit button. With JavaScript our own pages
   * report their height and the frame takes it.
   */
  className?: string;
};

/**
 * A form embedded in an iframe (the club-games form, the CV form): lazy, no referrer sent to
 * outside hosts, with a plain link under it for anyone whose browser blocks the frame. Our own
 * pages report their content height and the frame takes it (the frame-height island, mounted here
 * once hydrated or by the islands' bundle on a page without React).
 */
export function EmbeddedForm({ src, title, className }: EmbeddedFormProps) {
  const external = /^https?:\/\//.test(src);
  const heightClass = className ?? (external ? "h-[600px] md:h-[800px]" : "h-[900px] md:h-[800px]");
  const ref = useIsland<HTMLIFrameElement>(mount);
  return (
    <div>
      <iframe
        ref={ref}
        src={src}
        title={title}
        loading="lazy"
        referrerPolicy={external ? "no-referrer" : undefined}
        data-island={external ? undefined : "frame-height"}
        className={`block w-full rounded-xl border border-slate-200 bg-white ${heightClass}`}
      />
      <p className="mt-3 text-center text-sm text-slate-600">
        O formulário não apareceu?{" "}
        <a
          href={src.replace(/([?&])embed=1(&|$)/, "$1").replace(/[?&]$/, "")}
          target="_blank"
          rel="noopener"
          className={textLink()}
        >
          Abra o formulário em uma nova aba
        </a>
        .
      </p>
    </div>
  );
}

/** A hero's button down to the page's embedded form, in its section `#formulario` (the club's, the careers page's). */
export function FormJumpLink({ children }: { children: React.ReactNode }) {
  return (
    <a href="#formulario" className={buttonClass({ variant: "accent", size: "2xl", className: "mt-8" })}>
      {children}
    </a>
  );
}
