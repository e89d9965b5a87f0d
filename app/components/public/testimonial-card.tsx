import { Quote, Star } from "lucide-react";

type TestimonialCardProps = {
  name: string;
  /** Course or role shown under the name. */
  detail: string;
  text: string;
  image: string;
  /** 1 to 5 stars, when given. */
  rating?: number;
};

/** One testimonial: avatar (self-made SVG or a real photo at the same path), quote, name and course/role. */
export function TestimonialCard({ name, detail, text, image, rating }: TestimonialCardProps) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Quote aria-hidden="true" className="size-8 text-accent-500" />
      {rating ? (
        <p className="mt-3 flex gap-0.5" role="img" aria-label={`Avaliação: ${rating} de 5 estrelas`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star
              key={i}
              aria-hidden="true"
              className={`size-4 ${i < rating ? "fill-accent-400 text-accent-500" : "text-slate-300"}`}
            />
          ))}
        </p>
      ) : null}
      <blockquote className="mt-3 flex-1 text-slate-700">
        <p>“{text}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <img src={image} alt="" width={56} height={56} loading="lazy" className="size-14 rounded-full bg-slate-100" />
        <span>
          <span className="block font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-600">{detail}</span>
        </span>
      </figcaption>
    </figure>
  );
}
