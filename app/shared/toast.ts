/** A toast as the spec describes it (title, description) plus its look. */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

/** One toast at a time, closed after 5 s or by a 50 px swipe. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

type Listener = (toasts: ToastItem[]) => void;
export type ToastItem = ToastMessage & { id: number };

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

/** Shows a toast from client code. At most TOAST_LIMIT are visible; the newest wins. */
export function toast(message: ToastMessage): number {
  const id = nextId++;
  toasts = [{ ...message, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
