/** 'Registro de Envios' as the page shows it: what the server lists and the table draws. */

/** One row of the stored log. */
export type SendLogRow = {
  id: number;
  jobId: string;
  operator: string;
  name: string;
  number: string;
  message: string;
  status: string;
  detail: string | null;
  sentAt: string;
  /** The lead this send went to (a job started from a panel hand-off; the row links to its page), or null. */
  leadId: number | null;
  /** Who is behind the send, in words: the staff user's e-mail or the access password's number and name ("" before decision 069). */
  sentBy: string;
};

/** One page of the log, newest first. */
export type SendLogPage = {
  rows: SendLogRow[];
  page: number;
  pages: number;
  total: number;
  pageSize: number;
};
