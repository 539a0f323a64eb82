/** Hands a file to the browser's download through a temporary link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the address only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
