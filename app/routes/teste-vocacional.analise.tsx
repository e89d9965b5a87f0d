// Placeholder: this screen is built by its own issue.
export default function Placeholder() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Em construção</h1>
      <p className="mt-4 text-slate-600">Esta página estará disponível em breve.</p>
    </section>
  );
}
