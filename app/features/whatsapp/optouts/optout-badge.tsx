/** "não quer WhatsApp" beside a lead's phone when the person is on the WhatsApp opt-out list (panel row and lead page). */
export function WhatsappOptOutBadge({ optedOut }: { optedOut: boolean }) {
  if (!optedOut) return null;
  return (
    <span
      data-testid="whatsapp-optout"
      className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
    >
      não quer WhatsApp
    </span>
  );
}
