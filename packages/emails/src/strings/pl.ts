import type { EmailCatalogue } from './en.ts';

export const pl: EmailCatalogue = {
  'title.quoted': '„{title}”',
  'header.via': '{sender} przez {product}',
  'greeting.named': 'Dzień dobry, {name},',
  'greeting.anonymous': 'Dzień dobry,',
  sequential: 'Ten dokument podpisuje się po kolei, jedna osoba po drugiej.',

  'label.document': 'Dokument',
  'label.from': 'Od',
  'label.files': 'Pliki',
  'label.signBy': 'Podpisz do',
  'label.signers': 'Podpisujący',
  'label.position': 'Twoje miejsce w kolejności',
  'label.downloadUntil': 'Link do pobrania ważny do',
  'label.linkFallback': 'Przycisk nie działa? Skopiuj ten link do przeglądarki:',
  'label.messageFrom': 'Wiadomość od {sender}:',
  'label.declineReason': 'Podany powód:',
  'label.cancelReason': 'Podany powód:',

  'footer.sentBy': 'Wysłane przez {product} w imieniu {sender}.',
  'footer.unexpected': 'Jeśli nie spodziewałeś się tej wiadomości, możesz ją zignorować.',
  'footer.participant': 'Otrzymujesz tę wiadomość, ponieważ uczestniczysz w tej prośbie o podpis.',
  'footer.copied': 'Otrzymujesz tę wiadomość, ponieważ nadawca dodał Cię do kopii tej prośby o podpis.',

  'security.otp': 'Dla Twojego bezpieczeństwa po otwarciu linku wyślemy Ci jednorazowy kod.',
  'security.publicLink':
    'Każdy, kto ma ten link, może podpisać w Twoim imieniu – nie przekazuj tej wiadomości.',

  'invite.subject': '{sender} wysłał(a) Ci „{title}” do podpisu',
  'invite.preheader': '{sender} prosi o podpisanie „{title}”. Link wygasa {expires}.',
  'invite.heading.yourTurn': 'Przejrzyj i podpisz',
  'invite.heading.waiting': 'Poproszono Cię o podpis',
  'invite.intro': '{sender} wysłał(a) Ci {title} do podpisu.',
  'invite.firstInOrder': 'Podpisujesz jako pierwszy; kolejna osoba zostanie poproszona po Twoim podpisie.',
  'invite.notYourTurn.one': 'Podpiszesz po {n} innej osobie – napiszemy, gdy przyjdzie Twoja kolej.',
  'invite.notYourTurn.few': 'Podpiszesz po {n} innych osobach – napiszemy, gdy przyjdzie Twoja kolej.',
  'invite.notYourTurn.many': 'Podpiszesz po {n} innych osobach – napiszemy, gdy przyjdzie Twoja kolej.',
  'invite.notYourTurn.other': 'Podpiszesz po {n} innych osobach – napiszemy, gdy przyjdzie Twoja kolej.',
  'invite.button': 'Przejrzyj i podpisz',
  'invite.buttonWaiting': 'Otwórz dokument',

  'nextSigner.subject': 'Twoja kolej, by podpisać „{title}”',
  'nextSigner.preheader': '{previous} podpisał(a). Przejrzyj i podpisz „{title}”.',
  'nextSigner.heading': 'Twoja kolej na podpis',
  'nextSigner.status': '{previous} podpisał(a) {title}. Teraz Twoja kolej, by przejrzeć i podpisać.',

  'upcoming.subject': 'Wkrótce poprosimy Cię o podpisanie „{title}”',
  'upcoming.preheader':
    '{sender} dodał(a) Cię jako podpisującego {position} z {total}. Na razie nic nie musisz robić.',
  'upcoming.heading': 'Wkrótce Twoja kolej na podpis',
  'upcoming.intro': '{sender} prosi Cię o podpisanie {title}.',
  'upcoming.place': 'Jesteś podpisującym {position} z {total}.',
  'upcoming.noLinkYet': 'Na razie nic nie musisz robić: wyślemy Ci link, gdy przyjdzie Twoja kolej.',
  'upcoming.linkWaits':
    'Możesz już otworzyć dokument; podpiszesz go, gdy podpiszą osoby przed Tobą. Napiszemy, gdy przyjdzie Twoja kolej.',
  'upcoming.position': '{position} z {total}',

  'signed.subject': '{signer} podpisał(a) „{title}”',
  'signed.heading': '{signer} podpisał(a)',
  'signed.intro': '{signer} podpisał(a) {title}.',
  'signed.last': 'To był ostatni podpis. Wkrótce otrzymasz podpisany dokument.',
  'signed.remaining.one': 'Brakuje jeszcze {n} podpisu do ukończenia dokumentu.',
  'signed.remaining.few': 'Brakuje jeszcze {n} podpisów do ukończenia dokumentu.',
  'signed.remaining.many': 'Brakuje jeszcze {n} podpisów do ukończenia dokumentu.',
  'signed.remaining.other': 'Brakuje jeszcze {n} podpisu do ukończenia dokumentu.',

  'receipt.subject': 'Potwierdzenie podpisu „{title}”',
  'receipt.preheader': 'Podpisano. Zachowaj tę wiadomość: dokładnie wskazuje, co podpisałeś.',
  'receipt.heading': 'Podpisano',
  'receipt.intro': 'Podpisałeś {title} {at}.',
  'receipt.hashes':
    'Poniżej znajdują się SHA-256 każdego podpisanego dokumentu i Twojego podpisu w dzienniku audytu. Certyfikat podpisanego PDF podaje te same wartości, więc każdy może je porównać.',
  'receipt.eventLabel': 'Twoje zdarzenie podpisu (SHA-256)',

  'completed.subject': 'Zakończono: „{title}” podpisali wszyscy',
  'completed.preheader.attached': 'Wszyscy podpisali. Podpisany PDF jest w załączniku.',
  'completed.preheader.link': 'Wszyscy podpisali. Pobierz podpisany PDF.',
  'completed.heading': 'Wszyscy podpisali',
  'completed.intro': 'Wszyscy podpisujący podpisali {title}, wysłany przez {sender}.',
  'completed.attached': 'Podpisany PDF jest w załączniku. Zachowaj go; możesz go też pobrać tutaj:',
  'completed.notAttached': 'Pobierz podpisany PDF i zachowaj go:',
  'completed.attachedOnly': 'Podpisany PDF jest w załączniku. Zachowaj go.',
  'completed.button': 'Pobierz podpisany PDF',

  'ccCopy.subject': 'Kopia: „{title}” od {sender}',
  'ccCopy.preheader': '{sender} dodał(a) Cię do kopii „{title}”. Nie musisz niczego podpisywać.',
  'ccCopy.heading': 'Jesteś w kopii prośby o podpis',
  'ccCopy.intro':
    '{sender} wysłał(a) {title} do podpisu do: {signers} i dodał(a) Cię do kopii do wiadomości.',
  'ccCopy.nothingToDo': 'Nie musisz niczego podpisywać. Gdy wszyscy podpiszą, wyślemy Ci podpisany dokument.',

  'declined.subject': '{decliner} odmówił(a) podpisania „{title}”',
  'declined.preheader': '{decliner} odmówił(a) podpisu. Prośba jest zamknięta.',
  'declined.heading': 'Odmowa podpisu',
  'declined.intro': '{decliner} odmówił(a) podpisania {title}.',
  'declined.closed':
    'Prośba o podpis jest zamknięta, a jej linki już nie działają. Nic więcej nie musisz robić.',

  'cancelled.subject': 'Anulowano: „{title}”',
  'cancelled.preheader': '{sender} anulował(a) tę prośbę o podpis.',
  'cancelled.heading': 'Prośba o podpis anulowana',
  'cancelled.intro': '{sender} anulował(a) prośbę o podpisanie {title}.',
  'cancelled.closed': 'Link już nie działa i nic więcej nie musisz robić.',

  'reminder.subject': 'Przypomnienie: podpisz „{title}”',
  'reminder.preheader': '{sender} czeka na Twój podpis. {left}',
  'reminder.heading': 'Twój podpis jest nadal potrzebny',
  'reminder.intro': '{sender} czeka, aż podpiszesz {title}.',
  'reminder.lessThanADay': 'Prośba wygasa za mniej niż dzień, {expires}.',
  'reminder.left.one': 'Prośba wygasa za {n} dzień, {expires}.',
  'reminder.left.few': 'Prośba wygasa za {n} dni, {expires}.',
  'reminder.left.many': 'Prośba wygasa za {n} dni, {expires}.',
  'reminder.left.other': 'Prośba wygasa za {n} dnia, {expires}.',
  'reminder.button': 'Przejrzyj i podpisz',

  'otpCode.subject': 'Twój kod weryfikacyjny do „{title}”',
  'otpCode.preheader.one': 'Użyj go w ciągu {n} minuty. Nigdy go nie udostępniaj.',
  'otpCode.preheader.few': 'Użyj go w ciągu {n} minut. Nigdy go nie udostępniaj.',
  'otpCode.preheader.many': 'Użyj go w ciągu {n} minut. Nigdy go nie udostępniaj.',
  'otpCode.preheader.other': 'Użyj go w ciągu {n} minuty. Nigdy go nie udostępniaj.',
  'otpCode.heading': 'Twój kod weryfikacyjny',
  'otpCode.intro': 'Wpisz ten kod, aby otworzyć {title} od {sender}:',
  'otpCode.validity.one':
    'Kod działa raz i wygasa za {n} minutę. Jeśli wygaśnie, poproś o nowy na stronie podpisu.',
  'otpCode.validity.few':
    'Kod działa raz i wygasa za {n} minuty. Jeśli wygaśnie, poproś o nowy na stronie podpisu.',
  'otpCode.validity.many':
    'Kod działa raz i wygasa za {n} minut. Jeśli wygaśnie, poproś o nowy na stronie podpisu.',
  'otpCode.validity.other':
    'Kod działa raz i wygasa za {n} minuty. Jeśli wygaśnie, poproś o nowy na stronie podpisu.',
  'otpCode.warning':
    'Nigdy nikomu nie podawaj tego kodu. Jeśli to nie Ty próbowałeś właśnie otworzyć ten dokument, zignoruj tę wiadomość: bez kodu nikt nie podpisze w Twoim imieniu.',
  'label.signedBy': 'Podpisali',
  'label.completedAt': 'Zakończono',
  'label.declinedAt': 'Odrzucono',
  'sent.completed.subject': 'Zakończono: „{title}” podpisali wszyscy',
  'sent.completed.preheader':
    'Wszyscy, do których wysłano „{title}”, podpisali. Zapieczętowany PDF jest gotowy.',
  'sent.completed.heading': 'Twoja prośba o podpis została zakończona',
  'sent.completed.intro':
    'Wszyscy podpisali {title}. Podpisane dokumenty są zapieczętowane i gotowe do pobrania.',
  'sent.declined.subject': '{decliner} odrzucił(a) „{title}”',
  'sent.declined.preheader': '{decliner} odmówił(a) podpisania. Prośba jest zamknięta.',
  'sent.declined.heading': 'Twoja prośba o podpis została odrzucona',
  'sent.declined.intro': '{decliner} odmówił(a) podpisania {title}.',
  'sent.declined.closed':
    'Prośba jest zamknięta, a jej linki do podpisu już nie działają. Możesz wysłać ją ponownie.',
  'sent.button': 'Otwórz w {product}',
  'footer.sender':
    'Otrzymujesz tę wiadomość, ponieważ wysłałeś(-aś) tę prośbę o podpis. Możesz wyłączyć te wiadomości w ustawieniach.',
  'footer.outcomeAddress':
    'Otrzymujesz tę wiadomość, ponieważ ten adres otrzymuje wynik każdej prośby o podpis od {sender}.',
  'memberInvite.subject': '{sender} zaprasza Cię do „{title}”',
  'memberInvite.preheader': 'Dołącz do konta w {product}. Link działa do {expires}.',
  'memberInvite.heading': 'Masz zaproszenie',
  'memberInvite.intro': '{sender} zaprasza Cię do konta {product} {title}.',
  'memberInvite.button': 'Przyjmij zaproszenie',
  'memberInvite.validity':
    'Link zaloguje Cię jeden raz, do {expires}. Później zaloguj się na stronie logowania, podając ten adres e-mail.',
  'memberInvite.ignore': 'Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
  'memberInvite.account': 'Konto',
};
