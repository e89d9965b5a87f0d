/** The forms toolkit: every form of the site is built from these (see docs/decisions/034-forms-toolkit.md and 091). */
export { ErrorList } from "./error-list";
export { Field } from "./field";
export {
  type AnyField,
  type CheckboxChoice,
  CheckboxField,
  CheckboxListField,
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
export { SubmitButton } from "./submit-button";
export { INPUT_LOOKS, inputClass, type InputLook, TextInput } from "./text-input";
export { useActionAnswer } from "./use-action-answer";
export { useIsPending } from "./use-is-pending";
