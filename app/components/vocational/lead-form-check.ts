import { parseWithZod } from "@conform-to/zod/v4";

import type { FormCheck } from "~/components/forms/use-deferred-check";
import { vocationalLeadSchema } from "~/lib/vocational/lead-schema";

/** The vocational lead form's browser check, loaded on the form's first focus (routes/vocational/form.tsx). */
export const checkLeadForm: FormCheck = (formData) => parseWithZod(formData, { schema: vocationalLeadSchema });
