/** The forms toolkit: every form of the site is built from these (see docs/decisions/034-forms-toolkit.md). */
export { ErrorList } from "./error-list";
export { Field } from "./field";
export { LabelOptions } from "./label-options";
export { PhoneInput } from "./phone-input";
export { RadioGroup } from "./radio-group";
export { SubmitButton } from "./submit-button";
export { useIsPending } from "./use-is-pending";
