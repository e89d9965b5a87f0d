// Opt-out: contacts who answer 'SAIR', 'PARAR' (or say plainly that they want no more messages)
// are never messaged again.
import { readJson, writeJsonDurable } from "./files.js";
import { numberKey } from "./phone.js";

/** Words that ask to stop when they are the whole reply (after courtesies such as "por favor"). */
const OPT_OUT_WORDS = new Set([
  "sair",
  "parar",
  "pare",
  "para",
  "stop",
  "cancelar",
  "cancela",
  "descadastrar",
  "descadastre",
  "descadastra",
  "unsubscribe",
  "parem",
  "remover",
  "remova",
  "descadastro",
]);

// Courtesies around the request ("Oi, por favor me tire da lista, obrigado"); "não tenho interesse"
// before a request ("Não tenho interesse, parem de mandar") is one too (alone it is an answer).
const LEADING_COURTESY =
  /^(?:ok|oi|ola|opa|bom dia|boa tarde|boa noite|por favor|por gentileza|favor|pfv|pfvr|pf|pls|nao tenho (?:mais )?interesse|sem interesse)\s+/;
const TRAILING_COURTESY = /\s+(?:por favor|por gentileza|pfv|pfvr|pf|pls|obrigad[oa]|obg|grat[oa]|ok|valeu|vlw)$/;

// What is not wanted any more ("mensagens", "essas propagandas", ...) and which list to leave.
const NOUNS = "(?:mensagens|mensagem|msgs?|propagandas?|promocoes|ofertas|novidades|contatos?|spam|coisas?)";
const WHAT = `(?: (?:as |suas |essas |estas |tuas |seus |esses |estes |os )?(?:${NOUNS}|nada|isso|isto))?`;
// "da lista", "da lista de vocês", "da lista de transmissão de vocês"; never "da lista de espera"
const LIST = "(?:da|dessa|desta|de sua|da sua|dessa sua|de vossa) lista(?: de (?!espera\\b)\\w+)?(?: de (?:voces|vcs))?";
const REMOVE =
  "(?:tire|tira|tirem|tirar|retire|retira|retirem|retirar|remova|remove|removam|remover|exclua|exclui|excluam|excluir)";
const SEND = "(?:envie|enviem|envia|enviar|mande|mandem|manda|mandar)";

/** Whole replies that ask to stop, on the normalised text (lower case, no accents, single spaces). */
const OPT_OUT_PHRASES = [
  // "quero sair", "quero sair da lista", "gostaria de ser removida", "quero parar de receber mensagens"
  new RegExp(
    `^(?:eu )?(?:quero|queria|gostaria de|desejo) (?:sair|ser removid[oa]|ser descadastrad[oa]|me descadastrar|descadastrar|cancelar|parar de receber${WHAT})(?: ${LIST})?$`,
  ),
  // "não quero mais", "não quero mais receber", "não quero receber mais mensagens" (plain "não quero" is an answer, not an opt-out)
  new RegExp(
    `^(?:eu )?nao (?:quero|desejo|gostaria de|preciso)(?= (?:mais|receber)\\b)(?: mais)?(?: receber)?(?: mais)?${WHAT}(?: de voces| daqui)?$`,
  ),
  // "me tire da lista", "tire-me dessa lista", "remova meu número", "me exclui daqui"
  new RegExp(`^(?:me )?${REMOVE}(?: me)?(?: (?:o )?meu (?:numero|contato))? ${LIST}$`),
  new RegExp(`^(?:me ${REMOVE}|${REMOVE} me|${REMOVE} (?:o )?meu (?:numero|contato))(?: daqui)?$`),
  // "pare de enviar", "parem de me mandar mensagens", "pode parar de enviar"
  new RegExp(`^(?:pare|parem|para|parar|pode parar|podem parar) de (?:me )?${SEND}(?: me)?${WHAT}(?: (?:pra|para) mim)?$`),
  /^parar de receber(?: (?:as |essas |suas )?(?:mensagens|mensagem|msgs?))?$/,
  // "não me mande mais mensagens", "não envie mais"
  new RegExp(`^nao (?:me )?${SEND}(?: mais)?(?: me)?${WHAT}(?: mais)?$`),
  // "me descadastre", "descadastre-me da lista"
  new RegExp(`^(?:me )?(?:descadastre|descadastra|descadastrar|descadastrem)(?: me)?(?: ${LIST})?$`),
  // "sair da lista", "cancelar inscrição", "quero cancelar o cadastro"
  new RegExp(`^(?:sair|descadastrar|remover) ${LIST}$`),
  /^(?:quero )?(?:cancelar|cancela|cancele)(?: a| o| minha| meu)? (?:inscricao|assinatura|cadastro)$/,
  // "chega de mensagem", "chega disso", "chega de spam" (never "chega de ônibus", "chega amanhã")
  new RegExp(`^chega(?: de (?:tanta |tantas )?${NOUNS}| disso| dessas? ${NOUNS})?$`),
  // "me deixem em paz", "me esquece", "sai fora"
  /^(?:me )?(?:deixe|deixem|deixa)(?: me)? em paz$/,
  /^(?:me esquece|me esquecam|me esqueca|esquece(?:m)? (?:o )?meu (?:numero|contato)|sai fora|saia fora)$/,
  // "tira meu número da lista"
  new RegExp(`^(?:me )?${REMOVE} (?:o )?meu (?:numero|contato)(?: ${LIST}| daqui)$`),
  // "não me mandem mais nada", "não quero receber nada"
  new RegExp(`^nao (?:quero|desejo) receber${WHAT}(?: mais)?(?: de voces| daqui)?$`),
];

/**
 * Lower case, no accents, punctuation and symbols (emoji too) as spaces, single spaces, trimmed.
 * @param {string} text
 */
function normalizeReply(text) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * True when an incoming text asks to stop: a reply that is only SAIR, PARAR, PARE, STOP, CANCELAR or
 * DESCADASTRAR, or a clear phrase ("quero sair", "não quero mais receber", "me tire da lista",
 * "pare de enviar"), ignoring case, accents, punctuation, extra spaces and courtesies ("por favor",
 * "obrigado"). A sentence that merely contains one of the words ("vou sair mais cedo hoje") is not.
 * @param {unknown} text
 * @returns {boolean}
 */
export function isOptOutText(text) {
  if (typeof text !== "string") return false;
  let reply = normalizeReply(text);
  for (let previous = ""; previous !== reply;) {
    previous = reply;
    reply = reply.replace(LEADING_COURTESY, "").replace(TRAILING_COURTESY, "");
  }
  if (reply === "") return false;
  const words = reply.split(" ");
  if (words.every((word) => word === words[0]) && OPT_OUT_WORDS.has(words[0])) return true; // "SAIR", "sair sair"
  return OPT_OUT_PHRASES.some((phrase) => phrase.test(reply));
}

/** The opt-out list, kept in `<dataDir>/opt-out.json`. */
export class OptOutList {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {{ number: string, at: string, reported?: boolean, operator?: string, source?: "site" }[]} */
    this.entries = readJson(file, { entries: [] }).entries ?? [];
    this.keys = new Set(this.entries.map((e) => numberKey(e.number)));
  }

  /** Writes the list to its file, fsynced (an opt-out must survive a crash or a power cut). */
  save() {
    writeJsonDurable(this.file, { entries: this.entries });
  }

  /** @param {string} number */
  has(number) {
    return number !== "" && this.keys.has(numberKey(number));
  }

  /**
   * Records that this person asked to stop. A person already listed is still one entry; when the site
   * knows that entry already (this helper reported it, or it came from the site), the new request
   * replaces it (its time, not yet reported): the site may have undone the old one a moment ago, and
   * this helper learns of that only at its next reload, which forgets only what came before the undo
   * (an opt-out is never lost whatever the order, decision 118).
   * @param {string} number normalised digits
   * @param {Date} at
   * @param {string} [operator] who ran the helper when the reply came (reported to the site)
   * @returns {boolean} true when the site is now owed this opt-out (new here, or a new request)
   */
  add(number, at, operator) {
    if (!number) return false;
    const key = numberKey(number);
    const known = this.entries.find((e) => numberKey(e.number) === key);
    if (known && known.reported !== true && known.source !== "site") return false; // still owed to the site: the first one stands
    // reported: false until the site has stored it (entries of older versions lack the flag: also unreported)
    const entry = { number, at: at.toISOString(), reported: false, ...(operator ? { operator } : {}) };
    if (known) this.entries[this.entries.indexOf(known)] = entry;
    else this.entries.push(entry);
    this.keys.add(key);
    this.save();
    return true;
  }

  /** Entries the site has not stored yet. */
  unreported() {
    return this.entries.filter((e) => e.reported !== true && e.source !== "site");
  }

  /**
   * Marks these entries as stored by the site: each as it was sent (number and time), so a newer
   * request of the same person that arrived while the report was under way stays owed.
   * @param {(string | { number: string, at?: string })[]} sent numbers, or the entries sent
   */
  markReported(sent) {
    const done = new Set(sent.map((e) => (typeof e === "string" ? e : `${e.number}\n${e.at ?? ""}`)));
    let changed = false;
    for (const entry of this.entries) {
      if ((done.has(entry.number) || done.has(`${entry.number}\n${entry.at}`)) && entry.reported !== true) {
        entry.reported = true;
        changed = true;
      }
    }
    if (changed) this.save();
  }

  /**
   * Forgets the opt-outs the site undid ('Desfazer'): an entry for that person from before the undo,
   * that the site knows of (it came from the site, or this helper reported it). An opt-out caught
   * after the undo, or not yet reported, stays.
   * @param {{ number: string, at: string }[]} undone
   * @returns {number} how many were forgotten here
   */
  forget(undone) {
    const before = this.entries.length;
    for (const change of undone) {
      const key = numberKey(String(change?.number ?? "").replace(/\D/g, ""));
      const undoneAt = Date.parse(String(change?.at ?? ""));
      if (!Number.isFinite(undoneAt)) continue;
      this.entries = this.entries.filter(
        (e) => !(numberKey(e.number) === key && (e.reported === true || e.source === "site") && Date.parse(e.at) <= undoneAt),
      );
    }
    const forgotten = before - this.entries.length;
    if (forgotten > 0) {
      this.keys = new Set(this.entries.map((e) => numberKey(e.number)));
      this.save();
    }
    return forgotten;
  }

  /**
   * Adds the site's central list (numbers other operators' helpers reported); kept locally so the
   * helper still skips them when the site cannot be reached.
   * @param {string[]} numbers
   * @param {Date} at
   * @returns {number} how many were new here
   */
  merge(numbers, at) {
    let added = 0;
    for (const raw of numbers) {
      const number = String(raw ?? "").replace(/\D/g, "");
      if (!number || this.has(number)) continue;
      this.entries.push({ number, at: at.toISOString(), reported: true, source: "site" });
      this.keys.add(numberKey(number));
      added += 1;
    }
    if (added > 0) this.save();
    return added;
  }
}
