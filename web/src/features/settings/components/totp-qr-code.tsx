import { QRCodeSVG } from 'qrcode.react';

/** Loaded only when two-factor setup starts (its own chunk). */
export default function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  return (
    <div style={{ background: '#fff', padding: 12, borderRadius: 8, width: 'fit-content' }}>
      <QRCodeSVG value={uri} size={176} marginSize={0} title={label} />
    </div>
  );
}
