/**
 * The message under a field (or a whole form). The element is always there, empty when there is
 * nothing to say, because conform points the field's aria-describedby at this id once an error
 * exists. One message at a time: the first problem is the one to fix first.
 */
export function ErrorList({ id, errors, className = "" }: { id: string; errors?: string[] | null; className?: string }) {
  return (
    <p id={id} className={`mt-1 text-sm font-medium text-red-700 empty:hidden ${className}`}>
      {errors?.[0]}
    </p>
  );
}
