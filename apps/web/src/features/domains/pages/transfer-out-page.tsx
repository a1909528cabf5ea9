/** Transfer out (spec §2 /console/domain/transfer-out): built in issue 15 (in progress). */
export function TransferOutPage() {
  return null;
}
