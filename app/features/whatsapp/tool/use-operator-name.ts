import { useEffect, useRef, useState } from "react";

const OPERATOR_STORAGE_KEY = "whatsapp-operador";

/**
 * The operator's name on the mirroring page, remembered on this computer; the ref always holds the
 * latest, for the socket's handlers.
 */
export function useOperatorName() {
  const [operatorName, setOperatorName] = useState("");
  const operatorRef = useRef(operatorName);
  operatorRef.current = operatorName;
  useEffect(() => {
    const saved = window.localStorage.getItem(OPERATOR_STORAGE_KEY);
    if (saved) setOperatorName(saved);
  }, []);
  const changeOperatorName = (value: string) => {
    setOperatorName(value);
    try {
      window.localStorage.setItem(OPERATOR_STORAGE_KEY, value);
    } catch {
      // storage full or blocked: the name just is not remembered
    }
  };
  return { operatorName, operatorRef, changeOperatorName };
}
