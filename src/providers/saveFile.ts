/**
 * Saves a downloaded file under the name the server gave it, through a temporary link: the
 * download call needs the bearer header, so a plain link cannot fetch it.
 */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the tick it needs to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
