import { Clock, type LucideIcon, MapPin, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";

import { EnrolmentForm, type EnrolmentFormProps } from "~/features/leads/forms/enrolment-form";
import type { PoloPage as PoloPageData } from "~/features/polos/polos.server";
import { telHref } from "~/features/site/use-site";
import { SectionHeading } from "~/ui/section-heading";
import { TableHead } from "~/ui/table-head";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/**
 * A polo's page (/polos/<slug>, decision 085): where it is, when it answers, how to reach it, the
 * courses offered there and the enrolment form with the polo chosen. Plain HTML: the map is a link,
 * the form a plain post.
 */
export function PoloPage({ polo, form }: { polo: PoloPageData; form: EnrolmentFormProps }) {
  return (
    <div className="bg-brand-50/60 px-4 py-10 sm:py-14">
      <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.1fr_1fr] lg:items-start">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Polo</p>
          <Title size="banner" className="mt-2">
            {polo.label}
          </Title>
          <dl className="mt-6 space-y-4 text-slate-700" data-testid="polo-details">
            <div>
              <Term icon={MapPin}>Endereço</Term>
              <dd className="pl-7">
                {polo.address ? <span className="block">{polo.address}</span> : null}
                <span className="block">{polo.label}</span>
                <a href={polo.mapUrl} target="_blank" rel="noopener" className={textLink()}>
                  Ver no mapa<span className="sr-only"> (abre em nova aba)</span>
                </a>
              </dd>
            </div>
            {polo.hours ? (
              <div>
                <Term icon={Clock}>Horário de atendimento</Term>
                <dd className="pl-7">{polo.hours}</dd>
              </div>
            ) : null}
            <div>
              <Term icon={Phone}>Telefone</Term>
              <dd className="pl-7">
                <a href={telHref(polo.phone)} className="text-brand-700 underline">
                  {polo.phone}
                </a>
              </dd>
            </div>
            {polo.whatsapp ? (
              <div>
                <Term icon={MessageCircle}>WhatsApp</Term>
                <dd className="pl-7">
                  <a
                    href={polo.whatsapp.href}
                    target="_blank"
                    rel="nofollow noopener"
                    className="text-brand-700 underline"
                    data-testid="polo-whatsapp"
                  >
                    {polo.whatsapp.number}
                    <span className="sr-only"> (abre em nova aba)</span>
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>

          <section aria-labelledby="polo-cursos-titulo" className="mt-10">
            <SectionHeading id="polo-cursos-titulo" as="h2" size="card">
              Cursos oferecidos neste polo
            </SectionHeading>
            {polo.courses.length === 0 ? (
              <p className="mt-3 text-slate-700" data-testid="polo-no-courses">
                A lista de cursos deste polo ainda não foi publicada. Fale com o polo ou deixe seus dados ao lado.
              </p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm" data-testid="polo-courses">
                  <caption className="sr-only">Cursos oferecidos no polo {polo.label}, com o nível e o formato</caption>
                  <TableHead look="ruled" columns={["Curso", "Nível", "Formato"]} />
                  <tbody>
                    {polo.courses.map((course) => (
                      <tr key={course.id} className="border-b border-slate-200">
                        <td className="py-2 pr-3">
                          <a href={course.url} className="text-brand-700 underline">
                            {course.name}
                          </a>
                        </td>
                        <td className="py-2 pr-3">{course.level}</td>
                        <td className="py-2">{course.modality}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8" data-testid="polo-form">
          <EnrolmentForm {...form} />
        </div>
      </div>
    </div>
  );
}

/** A detail's name with its icon (the icon inside the term: a `dl`'s groups hold only terms and details). */
function Term({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <dt className="flex items-center gap-2 font-semibold text-slate-900">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
      {children}
    </dt>
  );
}
