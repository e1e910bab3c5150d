/** Whether this device's shortcuts take ⌘ where others take Ctrl: Apple's systems. */
export function usesCommandKey(platform = navigator.platform || navigator.userAgent): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}
