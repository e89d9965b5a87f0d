import type { ReactNode } from "react";

import { useSite } from "~/features/site/use-site";

/** Which form a link opens; each type has its own default title and description. */
export type FormType = "lead" | "contact" | "scholarship" | "other";

type FormLinkProps = {
  type?: FormType;
  /** Overrides the default title/description of the type. */
  title?: string;
  description?: string;
  /** A specific form URL; default: the consultant form for 'contact', else the enrolment form. */
  href?: string;
  /** Open in a new tab instead of the modal (footer 'Quero minha bolsa', FAQ consultant button). */
  newTab?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Every button that opens the enrolment/consultant form is this real link first (works without
 * JavaScript); the FormModal mounted in the root upgrades links with data-form-modal to the modal.
 */
export function FormLink({ type = "other", title, description, href, newTab, className, children }: FormLinkProps) {
  const site = useSite();
  const url = href ?? (type === "contact" ? site.consultantFormUrl : site.enrolmentFormUrl);
  return (
    <a
      href={url}
      className={className}
      data-form-modal={newTab ? undefined : type}
      data-form-title={title}
      data-form-description={description}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener" : undefined}
    >
      {children}
    </a>
  );
}
