import type { EmailCatalogue } from './en.ts';

export const nl: EmailCatalogue = {
  'title.quoted': '‘{title}’',
  'header.via': '{sender} via {product}',
  'greeting.named': 'Beste {name},',
  'greeting.anonymous': 'Hallo,',
  sequential: 'Dit document wordt op volgorde ondertekend, één persoon tegelijk.',

  'label.document': 'Document',
  'label.from': 'Van',
  'label.files': 'Bestanden',
  'label.signBy': 'Ondertekenen vóór',
  'label.signers': 'Ondertekenaars',
  'label.position': 'Uw plaats in de volgorde',
  'label.downloadUntil': 'Downloadlink geldig tot',
  'label.linkFallback': 'Werkt de knop niet? Kopieer deze link naar uw browser:',
  'label.messageFrom': 'Bericht van {sender}:',
  'label.declineReason': 'Opgegeven reden:',
  'label.cancelReason': 'Opgegeven reden:',

  'footer.sentBy': 'Verzonden door {product} namens {sender}.',
  'footer.unexpected': 'Verwachtte u deze e-mail niet, dan kunt u hem negeren.',
  'footer.participant': 'U ontvangt dit omdat u deelneemt aan dit ondertekeningsverzoek.',
  'footer.copied': 'U ontvangt dit omdat de afzender u in kopie heeft gezet bij dit ondertekeningsverzoek.',

  'security.otp': 'Voor uw veiligheid mailen we u een eenmalige code wanneer u de link opent.',
  'security.publicLink': 'Iedereen met deze link kan namens u ondertekenen, dus stuur deze e-mail niet door.',

  'invite.subject': '{sender} heeft u ‘{title}’ gestuurd om te ondertekenen',
  'invite.preheader': '{sender} vraagt u ‘{title}’ te ondertekenen. De link verloopt op {expires}.',
  'invite.heading.yourTurn': 'Bekijk en onderteken',
  'invite.heading.waiting': 'U wordt gevraagd te ondertekenen',
  'invite.intro': '{sender} heeft u {title} gestuurd om te ondertekenen.',
  'invite.firstInOrder':
    'U bent de eerste; de volgende ondertekenaar wordt gevraagd zodra u hebt ondertekend.',
  'invite.notYourTurn.one': 'U ondertekent na {n} andere persoon – we mailen u wanneer u aan de beurt bent.',
  'invite.notYourTurn.other':
    'U ondertekent na {n} andere personen – we mailen u wanneer u aan de beurt bent.',
  'invite.button': 'Bekijken en ondertekenen',
  'invite.buttonWaiting': 'Document openen',

  'nextSigner.subject': 'U bent aan de beurt om ‘{title}’ te ondertekenen',
  'nextSigner.preheader': '{previous} heeft ondertekend. Bekijk en onderteken ‘{title}’.',
  'nextSigner.heading': 'U bent aan de beurt',
  'nextSigner.status':
    '{previous} heeft {title} ondertekend. Nu bent u aan de beurt om te bekijken en te ondertekenen.',

  'upcoming.subject': 'U wordt binnenkort gevraagd ‘{title}’ te ondertekenen',
  'upcoming.preheader':
    '{sender} heeft u toegevoegd als ondertekenaar {position} van {total}. Nog niets te doen.',
  'upcoming.heading': 'Binnenkort bent u aan de beurt',
  'upcoming.intro': '{sender} heeft u gevraagd {title} te ondertekenen.',
  'upcoming.place': 'U bent ondertekenaar {position} van {total}.',
  'upcoming.noLinkYet': 'Er is nog niets te doen: we mailen u een link wanneer u aan de beurt bent.',
  'upcoming.linkWaits':
    'U kunt het document nu al openen; ondertekenen kan zodra de personen vóór u hebben ondertekend. We mailen u wanneer u aan de beurt bent.',
  'upcoming.position': '{position} van {total}',

  'signed.subject': '{signer} heeft ‘{title}’ ondertekend',
  'signed.heading': '{signer} heeft ondertekend',
  'signed.intro': '{signer} heeft {title} ondertekend.',
  'signed.last': 'Dat was de laatste handtekening. U ontvangt het ondertekende document binnenkort.',
  'signed.remaining.one': 'Er is nog {n} handtekening nodig voordat het document compleet is.',
  'signed.remaining.other': 'Er zijn nog {n} handtekeningen nodig voordat het document compleet is.',

  'receipt.subject': 'Uw ondertekeningsbewijs voor ‘{title}’',
  'receipt.preheader': 'U hebt ondertekend. Bewaar deze e-mail: hij legt precies vast wat u ondertekende.',
  'receipt.heading': 'U hebt ondertekend',
  'receipt.intro': 'U hebt {title} ondertekend op {at}.',
  'receipt.hashes':
    'Hieronder staan de SHA-256 van elk ondertekend document en van uw ondertekening in het auditlogboek. Het certificaat van de ondertekende PDF noemt dezelfde waarden, zodat iedereen ze kan vergelijken.',
  'receipt.eventLabel': 'Uw ondertekening (SHA-256)',

  'completed.subject': 'Voltooid: ‘{title}’ is door iedereen ondertekend',
  'completed.preheader.attached': 'Iedereen heeft ondertekend. De ondertekende PDF is bijgevoegd.',
  'completed.preheader.link': 'Iedereen heeft ondertekend. Download de ondertekende PDF.',
  'completed.heading': 'Iedereen heeft ondertekend',
  'completed.intro': 'Alle ondertekenaars hebben {title} ondertekend, verzonden door {sender}.',
  'completed.attached':
    'De ondertekende PDF is bij deze e-mail gevoegd. Bewaar hem; u kunt hem ook hier downloaden:',
  'completed.notAttached': 'Download de ondertekende PDF en bewaar hem:',
  'completed.attachedOnly': 'De ondertekende PDF is bij deze e-mail gevoegd. Bewaar hem.',
  'completed.button': 'Ondertekende PDF downloaden',

  'ccCopy.subject': 'Kopie: ‘{title}’ van {sender}',
  'ccCopy.preheader': '{sender} heeft u in kopie gezet bij ‘{title}’. U hoeft niets te ondertekenen.',
  'ccCopy.heading': 'U staat in kopie bij een ondertekeningsverzoek',
  'ccCopy.intro':
    '{sender} heeft {title} ter ondertekening naar {signers} gestuurd en u ter informatie in kopie gezet.',
  'ccCopy.nothingToDo':
    'U hoeft niets te ondertekenen. Wanneer iedereen heeft ondertekend, mailen we u het ondertekende document.',

  'declined.subject': '{decliner} heeft geweigerd ‘{title}’ te ondertekenen',
  'declined.preheader': '{decliner} heeft geweigerd te ondertekenen. Het verzoek is gesloten.',
  'declined.heading': 'Ondertekening geweigerd',
  'declined.intro': '{decliner} heeft geweigerd {title} te ondertekenen.',
  'declined.closed':
    'Het ondertekeningsverzoek is gesloten en de links werken niet meer. U hoeft niets meer te doen.',

  'cancelled.subject': 'Geannuleerd: ‘{title}’',
  'cancelled.preheader': '{sender} heeft dit ondertekeningsverzoek geannuleerd.',
  'cancelled.heading': 'Ondertekeningsverzoek geannuleerd',
  'cancelled.intro': '{sender} heeft het verzoek om {title} te ondertekenen geannuleerd.',
  'cancelled.closed': 'De link werkt niet meer en u hoeft niets meer te doen.',

  'reminder.subject': 'Herinnering: onderteken ‘{title}’',
  'reminder.preheader': '{sender} wacht op uw handtekening. {left}',
  'reminder.heading': 'Uw handtekening is nog nodig',
  'reminder.intro': '{sender} wacht tot u {title} ondertekent.',
  'reminder.lessThanADay': 'Het verzoek verloopt binnen een dag, op {expires}.',
  'reminder.left.one': 'Het verzoek verloopt over {n} dag, op {expires}.',
  'reminder.left.other': 'Het verzoek verloopt over {n} dagen, op {expires}.',
  'reminder.button': 'Bekijken en ondertekenen',

  'otpCode.subject': 'Uw verificatiecode voor ‘{title}’',
  'otpCode.preheader.one': 'Gebruik hem binnen {n} minuut. Deel hem nooit.',
  'otpCode.preheader.other': 'Gebruik hem binnen {n} minuten. Deel hem nooit.',
  'otpCode.heading': 'Uw verificatiecode',
  'otpCode.intro': 'Voer deze code in om {title} van {sender} te openen:',
  'otpCode.validity.one':
    'De code werkt één keer en verloopt over {n} minuut. Verlopen? Vraag een nieuwe aan op de ondertekeningspagina.',
  'otpCode.validity.other':
    'De code werkt één keer en verloopt over {n} minuten. Verlopen? Vraag een nieuwe aan op de ondertekeningspagina.',
  'otpCode.warning':
    'Deel deze code nooit met iemand. Probeerde u niet net dit document te openen, negeer deze e-mail dan: zonder de code kan niemand namens u ondertekenen.',
  'label.signedBy': 'Ondertekend door',
  'label.completedAt': 'Voltooid',
  'label.declinedAt': 'Geweigerd',
  'sent.completed.subject': 'Voltooid: ‘{title}’ is door iedereen ondertekend',
  'sent.completed.preheader':
    'Iedereen naar wie u ‘{title}’ stuurde, heeft ondertekend. De verzegelde pdf staat klaar.',
  'sent.completed.heading': 'Uw ondertekeningsverzoek is voltooid',
  'sent.completed.intro':
    'Iedereen heeft {title} ondertekend. De ondertekende documenten zijn verzegeld en klaar om te downloaden.',
  'sent.declined.subject': '{decliner} heeft ‘{title}’ geweigerd',
  'sent.declined.preheader': '{decliner} heeft geweigerd te ondertekenen. Het verzoek is gesloten.',
  'sent.declined.heading': 'Uw ondertekeningsverzoek is geweigerd',
  'sent.declined.intro': '{decliner} heeft geweigerd {title} te ondertekenen.',
  'sent.declined.closed':
    'Het verzoek is gesloten en de ondertekeningslinks werken niet meer. U kunt het opnieuw versturen.',
  'sent.button': 'Openen in {product}',
  'footer.sender':
    'U ontvangt dit omdat u dit ondertekeningsverzoek hebt verstuurd. U kunt deze e-mails uitzetten in uw instellingen.',
  'footer.outcomeAddress':
    'U ontvangt dit omdat dit adres de uitkomst van elk ondertekeningsverzoek van {sender} ontvangt.',
  'memberInvite.subject': '{sender} heeft je uitgenodigd voor ‘{title}’',
  'memberInvite.preheader': 'Word lid van het account op {product}. De link werkt tot {expires}.',
  'memberInvite.heading': 'Je bent uitgenodigd',
  'memberInvite.intro': '{sender} heeft je uitgenodigd voor het {product}-account {title}.',
  'memberInvite.button': 'Uitnodiging accepteren',
  'memberInvite.validity':
    'De link meldt je één keer aan, tot {expires}. Meld je daarna aan via de aanmeldpagina met dit e-mailadres.',
  'memberInvite.ignore': 'Had je deze uitnodiging niet verwacht? Dan kun je deze e-mail negeren.',
  'memberInvite.account': 'Account',
};
