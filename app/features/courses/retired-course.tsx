import { ButtonLink } from "~/ui/button";
import { Title } from "~/ui/title";

/** What a deactivated course's address shows (410): the course is no longer offered, the catalogue is. */
export function RetiredCourse() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="retired-course">
      <p className="text-sm font-semibold text-brand-600">Erro 410</p>
      <Title size="page" className="mt-2">
        Este curso não está mais disponível
      </Title>
      <p className="mt-4 text-slate-600">
        O curso deste endereço não recebe novas inscrições. Conheça os outros cursos do nosso catálogo.
      </p>
      <ButtonLink to="/#cursos" variant="primary" size="xl" className="mt-8">
        Ver o catálogo de cursos
      </ButtonLink>
    </section>
  );
}
