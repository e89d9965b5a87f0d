import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

import type { StoredPhoto } from "~/features/studio/fields";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT, PHOTO_MESSAGES, photoUrl, photoWidths } from "~/features/studio/photos";
import { type AnyField, Field, inputClass } from "~/ui/forms";

/** The photo field of any section's form (its shape beyond id and alt does not matter here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PhotoMeta = FieldMetadata<{ id?: string; alt?: string } | null | undefined, any, string[]>;

/**
 * A photo of a section in a studio form (the form needs encType="multipart/form-data"): the photo the
 * page has now, a file input to send another, its alt text (required) and, for a photo the section
 * may go without, "Remover a foto". The current photo's id travels in a hidden input taken from the
 * loader (never from what the browser sent back), so a refused form still names the stored photo.
 * The server's saveUploadedPhoto reads the three; its messages appear under the file input. With
 * JavaScript, a file over 8 MB is refused here before it is sent: the form is not sent while the
 * message is shown, so a refused photo never comes back as "Alterações salvas" (decision 097), and while a form with a new photo
 * is on its way the field says the photo is being processed (the server resizes it, waiting its turn
 * behind other uploads: decision 076); the saved page then shows the photo.
 */
export function PhotoField({
  meta,
  current,
  label,
  hint,
  required = false,
  className = "sm:col-span-2",
}: {
  /** The form's field for the photo (storedPhoto or optionalStoredPhoto in the section's schema). */
  meta: PhotoMeta | AnyField;
  /** The photo the section has now (loader data). */
  current: StoredPhoto | null;
  label: string;
  hint?: ReactNode;
  /** The section cannot go without a photo: no "Remover a foto". */
  required?: boolean;
  className?: string;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = fileInput.current?.form;
    if (!tooLarge || !form) return;
    // On the form itself, so it runs before React Router's handler (at the document's root).
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      fileInput.current?.focus();
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [tooLarge]);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get(`${meta.name}.file`) : null;
  const processing = sending instanceof File && sending.size > 0;
  const fieldset = (meta as PhotoMeta).getFieldset();
  const fileId = `${meta.id}-file`;
  const hintId = `${fileId}-hint`;
  const errors = tooLarge ? [PHOTO_MESSAGES.tooLarge] : [...(meta.errors ?? []), ...(fieldset.id.errors ?? [])];
  const altHintId = `${fieldset.alt.id}-hint`;
  const altProps = getInputProps(fieldset.alt, { type: "text", ariaDescribedBy: altHintId });

  function checkSize(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setTooLarge(Boolean(file && file.size > MAX_PHOTO_BYTES));
  }

  return (
    <fieldset className={`rounded-md border border-slate-200 p-3 ${className}`} data-testid={`photo-${meta.name}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-wrap items-start gap-4">
        {current ? (
          <img
            src={photoUrl(current.id, photoWidths(current.width)[0], "webp")}
            alt=""
            width={current.width}
            height={current.height}
            className="h-24 w-auto rounded border border-slate-200 object-cover"
            data-testid="photo-current"
          />
        ) : (
          <p className="text-sm text-slate-600">Nenhuma foto.</p>
        )}
        <div className="min-w-60 flex-1 space-y-3">
          <input type="hidden" name={`${meta.name}.id`} value={current?.id ?? ""} />
          <Field
            label={current ? "Trocar a foto" : "Escolher a foto"}
            htmlFor={fileId}
            errorId={meta.errorId}
            errors={errors}
            hint={hint ?? "JPEG, PNG, WebP ou AVIF, até 8 MB. A foto é girada e reduzida; a localização (GPS) é apagada."}
            hintId={hintId}
          >
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              name={`${meta.name}.file`}
              accept={PHOTO_ACCEPT}
              required={required && !current}
              aria-invalid={errors.length > 0 || undefined}
              aria-describedby={errors.length > 0 ? `${meta.errorId} ${hintId}` : hintId}
              onChange={checkSize}
              className="mt-1 block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
            />
          </Field>
          <p
            role="status"
            className={processing ? "text-sm font-medium text-brand-700" : "sr-only"}
            data-testid="photo-processing"
          >
            {processing ? PHOTO_MESSAGES.processing : null}
          </p>
          <Field
            label="Texto alternativo"
            htmlFor={fieldset.alt.id}
            errorId={fieldset.alt.errorId}
            errors={fieldset.alt.errors}
            hint="O que a foto mostra, para quem usa leitor de tela. Ex.: Estudantes no laboratório de enfermagem."
            hintId={altHintId}
          >
            <input {...altProps} key={altProps.key} autoComplete="off" className={inputClass()} />
          </Field>
          {!required && current ? (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name={`${meta.name}.remove`} className="size-4" />
              Remover a foto
            </label>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
