import type { VerifyCatalogue } from './en.ts';

export const pl: VerifyCatalogue = {
  title: 'Sprawdź podpisany PDF',
  lead: 'Sprawdza PDF zapieczętowany przez Countersign: pieczęć, bajty, które obejmuje, jej certyfikaty, znacznik czasu oraz to, czy po zapieczętowaniu coś dodano.',
  'lead.private': 'Plik nigdy nie opuszcza tej przeglądarki',
  'lead.privateHow': ': jest odczytywany i sprawdzany na tej stronie, nic nie jest wysyłane ani zapisywane.',
  'pdf.label': 'Podpisany PDF',
  'trail.label': 'Dziennik audytu, opcjonalnie (JSON z {endpoint})',
  'result.label': 'Wynik sprawdzenia',
  noscript: 'Sprawdzanie PDF wymaga JavaScriptu. Włącz go i odśwież stronę.',

  busy: 'Sprawdzanie pliku {file}…',
  'verdict.valid': '{file}: prawidłowy. Każde mające zastosowanie sprawdzenie wypadło pomyślnie.',
  'verdict.invalid': '{file}: nieprawidłowy. Niepowodzenie: {checks}.',
  'error.notPdf': 'Nie można sprawdzić pliku {file}: to nie jest PDF (PDF zaczyna się od „%PDF-”).',
  'error.trailNotJson': 'Nie można odczytać dziennika audytu {file}: to nie jest JSON.',
  'error.trailShape':
    'Nie można odczytać dziennika audytu {file}: nie zawiera listy zdarzeń. Użyj JSON z {endpoint}.',
  'error.failed': 'Nie można sprawdzić pliku {file}: {message}',

  'status.ok': 'OK',
  'status.fail': 'Niepowodzenie',
  'status.skip': 'Nie sprawdzono',
  'table.caption': 'Sprawdzenia',
  'table.check': 'Sprawdzenie',
  'table.result': 'Wynik',
  'table.detail': 'Szczegóły',
  'table.techNote':
    'Szczegóły techniczne każdego sprawdzenia są po angielsku, tak jak podaje je weryfikator.',

  'check.seal-present': 'Pieczęć obecna',
  'check.seal-digest': 'Podpisane bajty niezmienione',
  'check.seal-signature': 'Podpis pieczęci',
  'check.nothing-appended': 'Nic nie dodano po zapieczętowaniu',
  'check.certificate-chain': 'Łańcuch certyfikatów',
  'check.timestamp': 'Zaufany znacznik czasu',
  'check.document-timestamp': 'Znacznik czasu dokumentu',
  'check.revocation': 'Dane o unieważnieniu (OCSP, CRL)',
  'check.audit-chain': 'Łańcuch dziennika audytu',

  'explain.seal-present.ok': 'Plik ma pieczęć.',
  'explain.seal-present.fail': 'Plik nie ma pieczęci: nigdy nie został zapieczętowany albo pieczęć usunięto.',
  'explain.seal-digest.ok': 'Zapieczętowana treść jest dokładnie taka, jak w chwili zapieczętowania.',
  'explain.seal-digest.fail':
    'Zapieczętowaną treść zmieniono po zapieczętowaniu albo pieczęci nie da się odczytać.',
  'explain.seal-signature.ok': 'Podpis pieczęci jest autentyczny dla wskazanego w nim certyfikatu.',
  'explain.seal-signature.fail': 'Podpisu pieczęci nie da się potwierdzić jej certyfikatem.',
  'explain.nothing-appended.ok':
    'Po zapieczętowaniu nic nie dodano poza danymi do walidacji i znacznikami czasu.',
  'explain.nothing-appended.fail': 'Po zapieczętowaniu coś dodano do pliku lub w nim zmieniono.',
  'explain.certificate-chain.ok':
    'Certyfikaty prowadzą do certyfikatu głównego. To Ty decydujesz, czy ufasz temu certyfikatowi głównemu.',
  'explain.certificate-chain.fail': 'Brak łańcucha certyfikatów lub jest on niekompletny.',
  'explain.timestamp.ok': 'Urząd znacznika czasu potwierdza, kiedy pieczęć została złożona.',
  'explain.timestamp.fail': 'Znacznik czasu pieczęci jest nieprawidłowy.',
  'explain.timestamp.skip': 'Pieczęć nie ma zaufanego znacznika czasu.',
  'explain.document-timestamp.ok':
    'Urząd znacznika czasu później potwierdza cały dokument, łącznie z danymi do walidacji.',
  'explain.document-timestamp.fail': 'Znacznik czasu dokumentu jest nieprawidłowy.',
  'explain.document-timestamp.skip': 'Po pieczęci nie ma znacznika czasu dokumentu.',
  'explain.revocation.ok':
    'Według danych o unieważnieniu zawartych w pliku żaden certyfikat pieczęci nie został unieważniony.',
  'explain.revocation.fail':
    'Danych o unieważnieniu nie da się odczytać albo wskazują, że certyfikat został unieważniony.',
  'explain.revocation.skip': 'Plik nie zawiera danych o unieważnieniu.',
  'explain.audit-chain.ok':
    'Wybrany dziennik audytu jest nienaruszony i kończy się zdarzeniem zapieczętowanym w PDF.',
  'explain.audit-chain.fail':
    'Wybrany dziennik audytu zmieniono, jest niekompletny albo nie należy do tego PDF.',
  'explain.audit-chain.skip': 'Aby go sprawdzić, wybierz powyżej dziennik audytu prośby o podpis.',

  'details.heading': 'Szczegóły',
  'fact.covered': 'Objęte bajty',
  'fact.coveredValue':
    '{covered} z {total}: bajty od 0 do {end1} i od {start2} do {end2} (przerwa to sama wartość podpisu)',
  'fact.sealedBy': 'Zapieczętowane przez',
  'fact.unknown': 'nieznany',
  'fact.sealTime': 'Czas pieczęci (deklarowany przez podpisującego)',
  'fact.notGiven': 'nie podano',
  'fact.timestamp': 'Znacznik czasu',
  'fact.stamp': '{time}, wystawca: {tsa}',
  'fact.noTimestamp': 'brak: powyższy czas to deklaracja podpisującego, a nie zaufany czas',
  'fact.documentTimestamp': 'Znacznik czasu dokumentu',
  'fact.rootCertificate': 'Certyfikat główny',
  'fact.certificate': 'Certyfikat',
  'fact.certificateValue': '{subject} (ważny do {date})',
  'fact.auditHead': 'Ostatnie ogniwo łańcucha audytu, zapieczętowane w PDF',
  'fact.none': 'brak',
};
