import { Quote, Star } from "lucide-react";

import { ContentPicture } from "~/features/studio/content-picture";
import type { StoredPhoto } from "~/features/studio/fields";

type TestimonialCardProps = {
  name: string;
  /** Course or role shown under the name. */
  detail: string;
  text: string;
  /** A picture under public/; "" shows the initials. */
  image: string;
  /** A photo uploaded in the studio, preferred over `image`. */
  photo?: StoredPhoto | null;
  /** 1 to 5 stars, when given. */
  rating?: number;
};

/** The initials shown where a testimonial has no picture ("Ana Paula Ribeiro" → "AR"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** One testimonial: avatar (the studio's photo, a picture under public/ or the initials), quote, name and course/role. */
export function TestimonialCard({ name, detail, text, image, photo, rating }: TestimonialCardProps) {
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
        {photo ? (
          <ContentPicture
            photo={photo}
            sizes="56px"
            className="size-14 shrink-0"
            imgClassName="size-14 rounded-full object-cover"
          />
        ) : image ? (
          <img src={image} alt="" width={56} height={56} loading="lazy" className="size-14 rounded-full bg-slate-100" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {initialsOf(name)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-600">{detail}</span>
        </span>
      </figcaption>
    </figure>
  );
}
