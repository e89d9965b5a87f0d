// Leads saved through the app's one lead pipeline (saveLead) into the test file's database: for
// integration tests whose subject is what staff do with a lead, not the form that made it. Vitest
// only (the app's database client).
import { saveLead } from "../../app/features/leads/save.server";

type LeadFields = { nome?: string; cidade?: string; telefone?: string; curso?: string };

/**
 * A maker of "contato" leads, each with its own e-mail and phone: `person` names them ("Pessoa
 * Contatada 3", e-mail contatada.3.…@example.com), `city` is their city unless `fields` says otherwise.
 */
export function contactLeads(person: string, city: string): (fields?: LeadFields) => number {
  const tag = person.split(" ").pop()!.toLowerCase();
  let counter = 0;
  return (fields = {}) => {
    counter += 1;
    return saveLead({
      origem: "contato",
      nome: fields.nome ?? `${person} ${counter}`,
      telefone: fields.telefone ?? `(31)98888-${String(1000 + counter)}`,
      email: `${tag}.${counter}.${Date.now()}@example.com`,
      cidade: fields.cidade ?? city,
      curso_interesse: fields.curso,
    });
  };
}
