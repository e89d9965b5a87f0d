import { useCallback, useRef, useState } from "react";

import { initialMirrorState, type MirrorAction, mirrorReducer } from "~/features/whatsapp/tool/mirror-state";
import type { MirrorState } from "~/features/whatsapp/tool/mirror-types";

/**
 * The mirroring page's state, kept in a ref as well as in React state: socket events often come
 * in bursts (a replay of results) before React renders, and each must see the one before it.
 * `dispatch` applies one of the page's own actions; `set` stores a state computed elsewhere.
 */
export function useMirrorState() {
  const [state, setState] = useState<MirrorState>(initialMirrorState);
  const stateRef = useRef(state);
  const set = useCallback((next: MirrorState) => {
    stateRef.current = next;
    setState(next);
  }, []);
  const dispatch = useCallback((action: MirrorAction) => set(mirrorReducer(stateRef.current, action)), [set]);
  return { state, stateRef, set, dispatch };
}
