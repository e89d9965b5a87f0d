import { parseWithZod } from "@conform-to/zod/v4";

import { vocationalLeadSchema } from "~/features/vocational/lead-schema";
import type { FormCheck } from "~/ui/forms/use-deferred-check";

/** The vocational lead form's browser check, loaded on the form's first focus (routes/vocational/form.tsx). */
export const checkLeadForm: FormCheck = (formData) => parseWithZod(formData, { schema: vocationalLeadSchema });
