/** The forms toolkit: every form of the site is built from these (see docs/decisions/034-forms-toolkit.md and 091). */
export { type CheckboxChoice, CheckboxListField, RadioListField } from "./choice-fields";
export { ErrorList } from "./error-list";
export { Field } from "./field";
export {
  type AnyField,
  CheckboxField,
  type OptionGroup,
  PhoneField,
  plainField,
  SelectField,
  type SelectOption,
  SelectOptions,
  TextareaField,
  TextField,
} from "./fields";
export { LabelOptions } from "./label-options";
export { PhoneInput } from "./phone-input";
export { RadioGroup } from "./radio-group";
export { SubmitButton, SUCCESS_TEXT } from "./submit-button";
export { nextSubmitStatus, type SubmitStatus, SUCCESS_SHOWN_MS, useSubmitStatus } from "./submit-status";
export { INPUT_LOOKS, inputClass, type InputLook, TextInput } from "./text-input";
export { useActionAnswer } from "./use-action-answer";
export { useIsPending } from "./use-is-pending";
