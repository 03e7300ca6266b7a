/** Saves a blob under its name through a temporary link: the download call needs the bearer header, so a plain link cannot fetch it. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the tick it needs to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
