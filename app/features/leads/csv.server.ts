import { Readable } from "node:stream";

import { stringify } from "csv-stringify";

import { optOutChecker } from "~/features/whatsapp/optouts/optouts.server";
import { now } from "~/platform/clock.server";
import { saoPauloDate } from "~/shared/dates";

import { CSV_COLUMNS, leadCsvRecord, leadsCsvFileName } from "./csv";
import type { LeadFilters } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { allOwnerEmails } from "./owner.server";
import { iterateLeadsForExport } from "./queries.server";
import { statusWithReason } from "./status";

/** The "whatsapp" cell of a lead whose phone is on the opt-out list. */
export const WHATSAPP_OPT_OUT_CELL = "não quer";

/**
 * The leads CSV as a stream: rows come one at a time from a read-only SQLite iterator, become
 * records, and csv-stringify writes them (UTF-8 BOM, ';' delimiter and CRLF so Excel in
 * Portuguese opens the columns with accents intact, RFC 4180 quoting). Node stream back-pressure
 * means only a few rows are in memory at once, whatever the number of leads.
 */
export function leadsCsvStream(filters: LeadFilters): ReadableStream<Uint8Array> {
  const optedOut = optOutChecker();
  const owners = allOwnerEmails();
  function* records() {
    for (const lead of iterateLeadsForExport(filters)) {
      const whatsapp = optedOut(lead.telefone) ? WHATSAPP_OPT_OUT_CELL : "";
      const status = statusWithReason(lead.status, lead.motivo_perda);
      const responsavel = lead.owner_id === null ? "" : (owners.get(lead.owner_id) ?? "");
      yield leadCsvRecord({ ...lead, whatsapp, status, responsavel }, LEAD_ORIGINS);
    }
  }
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: CSV_COLUMNS.map((key) => ({ key, header: key })),
    delimiter: ";",
    record_delimiter: "windows",
    // RFC 4180: fields with line breaks are quoted too (delimiters and quotes already are).
    quoted_match: /[\r\n]/,
  });
  const source = Readable.from(records());
  source.on("error", (error) => {
    console.error("admin: CSV export failed", error);
    stringifier.destroy(error);
  });
  source.pipe(stringifier);
  // If the download is abandoned, stop reading (the iterator's finally closes its connection).
  stringifier.on("close", () => source.destroy());
  return Readable.toWeb(stringifier) as unknown as ReadableStream<Uint8Array>;
}

export function leadsCsvResponse(filters: LeadFilters): Response {
  return new Response(leadsCsvStream(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFileName(filters, saoPauloDate(now()))}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
