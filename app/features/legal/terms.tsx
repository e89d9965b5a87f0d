import { Link } from "react-router";

import { telHref, useSite } from "~/features/site/use-site";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { endSentence } from "~/shared/text";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/** Plain HTML in the browser: no React, only the islands its markup names (decision 092). */
export const handle = { framework: false } satisfies PageScriptsHandle;

export function meta() {
  return [
    { title: "Termos de Uso" },
    { name: "description", content: "Condições de uso do site, das ofertas de bolsa e do teste vocacional." },
  ];
}

export default function TermsPage() {
  const site = useSite();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_p]:mt-3">
      <Title size="page">Termos de Uso</Title>
      <p>
        Ao usar este site você concorda com estes termos.{" "}
        {endSentence(`O site é mantido pela ${site.companyName}${site.taxId ? `, CNPJ ${site.taxId}` : ""}`)}
      </p>
      <h2>Ofertas e bolsas</h2>
      <p>
        Os percentuais de bolsa e os valores anunciados valem para os cursos, modalidades e prazos indicados em cada oferta, para
        novos alunos, e dependem de disponibilidade de vagas no polo escolhido. O desconto de pontualidade vale apenas para
        mensalidades pagas até o vencimento. As condições finais constam do contrato de matrícula.
      </p>
      <h2>Teste vocacional</h2>
      <p>
        O teste vocacional é gratuito e tem caráter orientativo: o resultado sugere áreas e cursos, mas não substitui o
        aconselhamento de um profissional de orientação de carreira.
      </p>
      <h2>Informações do site</h2>
      <p>
        Procuramos manter cursos, polos e valores atualizados, mas eles podem mudar sem aviso. Confirme as condições com um
        consultor pelo telefone{" "}
        <a href={telHref(site.phone)} className={textLink()}>
          {site.phone}
        </a>{" "}
        antes da matrícula.
      </p>
      <h2>Dados pessoais</h2>
      <p>
        O tratamento dos seus dados está descrito na{" "}
        <Link to="/privacidade" className={textLink()}>
          Política de Privacidade
        </Link>
        .
      </p>
    </article>
  );
}
