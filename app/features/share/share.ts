/** A WhatsApp share link (wa.me) with the text prefilled. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The text shared from the generic result page: the profile and the quiz URL. */
export function resultShareText(profileName: string, quizUrl: string): string {
  return `Fiz o teste vocacional e meu perfil é ${profileName}! Descubra o seu também: ${quizUrl}`;
}
