import type { VerifyCatalogue } from './en.ts';

export const de: VerifyCatalogue = {
  title: 'Unterschriebenes PDF prüfen',
  lead: 'Prüft ein von Countersign versiegeltes PDF: das Siegel, die Bytes, die es abdeckt, seine Zertifikate, seinen Zeitstempel und ob nach dem Versiegeln etwas hinzugefügt wurde.',
  'lead.private': 'Die Datei verlässt diesen Browser nie',
  'lead.privateHow':
    ': Sie wird auf dieser Seite gelesen und geprüft, nichts wird hochgeladen oder gespeichert.',
  'pdf.label': 'Unterschriebenes PDF',
  'trail.label': 'Prüfprotokoll, optional (das JSON von {endpoint})',
  'result.label': 'Prüfergebnis',
  noscript:
    'Zum Prüfen eines PDF wird JavaScript benötigt. Bitte aktivieren Sie es und laden Sie die Seite neu.',

  busy: '{file} wird geprüft…',
  'verdict.valid': '{file}: gültig. Jede zutreffende Prüfung ist bestanden.',
  'verdict.invalid': '{file}: nicht gültig. Fehlgeschlagen: {checks}.',
  'error.notPdf': '{file} konnte nicht geprüft werden: Es ist kein PDF (ein PDF beginnt mit „%PDF-“).',
  'error.trailNotJson': 'Das Prüfprotokoll {file} konnte nicht gelesen werden: Es ist kein JSON.',
  'error.trailShape':
    'Das Prüfprotokoll {file} konnte nicht gelesen werden: Es enthält keine Liste von Ereignissen. Verwenden Sie das JSON von {endpoint}.',
  'error.failed': '{file} konnte nicht geprüft werden: {message}',

  'status.ok': 'OK',
  'status.fail': 'Fehlgeschlagen',
  'status.skip': 'Nicht geprüft',
  'table.caption': 'Prüfungen',
  'table.check': 'Prüfung',
  'table.result': 'Ergebnis',
  'table.detail': 'Einzelheiten',
  'table.techNote':
    'Die technischen Einzelheiten jeder Prüfung stehen auf Englisch, so wie das Prüfprogramm sie meldet.',

  'check.seal-present': 'Siegel vorhanden',
  'check.seal-digest': 'Signierte Bytes unverändert',
  'check.seal-signature': 'Signatur des Siegels',
  'check.nothing-appended': 'Nach dem Versiegeln nichts angehängt',
  'check.certificate-chain': 'Zertifikatskette',
  'check.timestamp': 'Vertrauenswürdiger Zeitstempel',
  'check.document-timestamp': 'Dokumentzeitstempel',
  'check.revocation': 'Sperrinformationen (OCSP, CRL)',
  'check.audit-chain': 'Kette des Prüfprotokolls',

  'explain.seal-present.ok': 'Die Datei trägt ein Siegel.',
  'explain.seal-present.fail':
    'Die Datei trägt kein Siegel: Sie wurde nie versiegelt, oder das Siegel wurde entfernt.',
  'explain.seal-digest.ok': 'Der versiegelte Inhalt ist genau so, wie er beim Versiegeln war.',
  'explain.seal-digest.fail':
    'Der versiegelte Inhalt wurde nach dem Versiegeln geändert, oder das Siegel ist nicht lesbar.',
  'explain.seal-signature.ok': 'Die Signatur des Siegels ist echt für das Zertifikat, das sie nennt.',
  'explain.seal-signature.fail':
    'Die Signatur des Siegels lässt sich mit seinem Zertifikat nicht bestätigen.',
  'explain.nothing-appended.ok':
    'Nach dem Versiegeln wurde nichts hinzugefügt, außer Validierungsdaten und Zeitstempeln.',
  'explain.nothing-appended.fail':
    'Nach dem Versiegeln wurde der Datei etwas hinzugefügt oder in ihr geändert.',
  'explain.certificate-chain.ok':
    'Die Zertifikate führen bis zu einem Stammzertifikat. Ob Sie diesem Stammzertifikat vertrauen, entscheiden Sie.',
  'explain.certificate-chain.fail': 'Die Zertifikatskette fehlt oder ist unvollständig.',
  'explain.timestamp.ok': 'Ein Zeitstempeldienst bestätigt, wann das Siegel erstellt wurde.',
  'explain.timestamp.fail': 'Der Zeitstempel des Siegels ist nicht gültig.',
  'explain.timestamp.skip': 'Das Siegel hat keinen vertrauenswürdigen Zeitstempel.',
  'explain.document-timestamp.ok':
    'Ein Zeitstempeldienst bestätigt später das ganze Dokument, einschließlich seiner Validierungsdaten.',
  'explain.document-timestamp.fail': 'Der Dokumentzeitstempel ist nicht gültig.',
  'explain.document-timestamp.skip': 'Nach dem Siegel gibt es keinen Dokumentzeitstempel.',
  'explain.revocation.ok':
    'Laut den Sperrinformationen in der Datei wurde kein Zertifikat des Siegels gesperrt.',
  'explain.revocation.fail':
    'Die Sperrinformationen sind nicht lesbar oder besagen, dass ein Zertifikat gesperrt wurde.',
  'explain.revocation.skip': 'Die Datei enthält keine Sperrinformationen.',
  'explain.audit-chain.ok':
    'Das gewählte Prüfprotokoll ist unversehrt und endet in dem im PDF versiegelten Eintrag.',
  'explain.audit-chain.fail':
    'Das gewählte Prüfprotokoll wurde verändert, ist unvollständig oder gehört nicht zu diesem PDF.',
  'explain.audit-chain.skip': 'Wählen Sie zum Prüfen oben das Prüfprotokoll der Signaturanfrage.',

  'details.heading': 'Einzelheiten',
  'fact.covered': 'Abgedeckte Bytes',
  'fact.coveredValue':
    '{covered} von {total}: Bytes 0 bis {end1} und {start2} bis {end2} (die Lücke ist der Signaturwert selbst)',
  'fact.sealedBy': 'Versiegelt von',
  'fact.unknown': 'unbekannt',
  'fact.sealTime': 'Zeit des Siegels (vom Unterzeichner angegeben)',
  'fact.notGiven': 'nicht angegeben',
  'fact.timestamp': 'Zeitstempel',
  'fact.stamp': '{time}, von {tsa}',
  'fact.noTimestamp':
    'keiner: Die Zeit oben ist eine Angabe des Unterzeichners, keine vertrauenswürdige Zeit',
  'fact.documentTimestamp': 'Dokumentzeitstempel',
  'fact.rootCertificate': 'Stammzertifikat',
  'fact.certificate': 'Zertifikat',
  'fact.certificateValue': '{subject} (gültig bis {date})',
  'fact.auditHead': 'Im PDF versiegeltes letztes Glied der Prüfprotokollkette',
  'fact.none': 'keines',
};
