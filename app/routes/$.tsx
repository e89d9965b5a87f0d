import { data } from "react-router";

/** Unknown paths. (Course pages at their own top-level paths are resolved here too, by issue 3.) */
export function loader() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}
