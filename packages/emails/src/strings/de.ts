import type { EmailCatalogue } from './en.ts';

export const de: EmailCatalogue = {
  'title.quoted': '„{title}“',
  'header.via': '{sender} über {product}',
  'greeting.named': 'Hallo {name},',
  'greeting.anonymous': 'Guten Tag,',
  sequential: 'Dieses Dokument wird der Reihe nach unterschrieben, eine Person nach der anderen.',

  'label.document': 'Dokument',
  'label.from': 'Von',
  'label.files': 'Dateien',
  'label.signBy': 'Unterschreiben bis',
  'label.signers': 'Unterzeichnende',
  'label.position': 'Ihr Platz in der Reihenfolge',
  'label.downloadUntil': 'Download-Link gültig bis',
  'label.linkFallback': 'Die Schaltfläche funktioniert nicht? Kopieren Sie diesen Link in Ihren Browser:',
  'label.messageFrom': 'Nachricht von {sender}:',
  'label.declineReason': 'Begründung:',
  'label.cancelReason': 'Angegebener Grund:',

  'footer.sentBy': 'Gesendet von {product} im Auftrag von {sender}.',
  'footer.unexpected': 'Falls Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  'footer.participant': 'Sie erhalten diese E-Mail, weil Sie an dieser Signaturanfrage beteiligt sind.',
  'footer.copied':
    'Sie erhalten diese E-Mail, weil der Absender Sie bei dieser Signaturanfrage in Kopie gesetzt hat.',

  'security.otp': 'Zu Ihrer Sicherheit senden wir Ihnen beim Öffnen des Links einen Einmalcode per E-Mail.',
  'security.publicLink':
    'Jeder mit diesem Link kann in Ihrem Namen unterschreiben. Bitte leiten Sie diese E-Mail nicht weiter.',

  'invite.subject': '{sender} hat Ihnen „{title}“ zum Unterschreiben gesendet',
  'invite.preheader': '{sender} bittet Sie, „{title}“ zu unterschreiben. Der Link läuft am {expires} ab.',
  'invite.heading.yourTurn': 'Bitte prüfen und unterschreiben',
  'invite.heading.waiting': 'Sie wurden um Ihre Unterschrift gebeten',
  'invite.intro': '{sender} hat Ihnen {title} zum Unterschreiben gesendet.',
  'invite.firstInOrder':
    'Sie sind zuerst an der Reihe; die nächste Person wird gefragt, sobald Sie unterschrieben haben.',
  'invite.notYourTurn.one':
    'Sie unterschreiben nach {n} anderen Person – wir schreiben Ihnen, wenn Sie an der Reihe sind.',
  'invite.notYourTurn.other':
    'Sie unterschreiben nach {n} anderen Personen – wir schreiben Ihnen, wenn Sie an der Reihe sind.',
  'invite.button': 'Prüfen und unterschreiben',
  'invite.buttonWaiting': 'Dokument öffnen',

  'nextSigner.subject': 'Sie sind dran: „{title}“ unterschreiben',
  'nextSigner.preheader': '{previous} hat unterschrieben. Bitte prüfen und unterschreiben Sie „{title}“.',
  'nextSigner.heading': 'Sie sind an der Reihe',
  'nextSigner.status': '{previous} hat {title} unterschrieben. Jetzt sind Sie an der Reihe.',

  'upcoming.subject': 'Sie werden bald gebeten, „{title}“ zu unterschreiben',
  'upcoming.preheader':
    '{sender} hat Sie als Unterzeichner {position} von {total} hinzugefügt. Noch nichts zu tun.',
  'upcoming.heading': 'Bald sind Sie an der Reihe',
  'upcoming.intro': '{sender} bittet Sie, {title} zu unterschreiben.',
  'upcoming.place': 'Sie unterschreiben als {position}. von {total}.',
  'upcoming.noLinkYet': 'Noch ist nichts zu tun: Wir senden Ihnen einen Link, sobald Sie an der Reihe sind.',
  'upcoming.linkWaits':
    'Sie können das Dokument schon öffnen und unterschreiben, sobald die Personen vor Ihnen unterschrieben haben. Wir schreiben Ihnen, wenn Sie an der Reihe sind.',
  'upcoming.position': '{position} von {total}',

  'signed.subject': '{signer} hat „{title}“ unterschrieben',
  'signed.heading': '{signer} hat unterschrieben',
  'signed.intro': '{signer} hat {title} unterschrieben.',
  'signed.last': 'Das war die letzte Unterschrift. Sie erhalten das unterschriebene Dokument in Kürze.',
  'signed.remaining.one': 'Es fehlt noch {n} Unterschrift, bis das Dokument vollständig ist.',
  'signed.remaining.other': 'Es fehlen noch {n} Unterschriften, bis das Dokument vollständig ist.',

  'receipt.subject': 'Ihre Unterschriftsbestätigung für „{title}“',
  'receipt.preheader':
    'Sie haben unterschrieben. Bewahren Sie diese E-Mail auf: Sie belegt genau, was Sie unterschrieben haben.',
  'receipt.heading': 'Sie haben unterschrieben',
  'receipt.intro': 'Sie haben {title} am {at} unterschrieben.',
  'receipt.hashes':
    'Unten stehen der SHA-256 jedes unterschriebenen Dokuments und Ihres Unterschriftsereignisses im Prüfprotokoll. Das Zertifikat des unterschriebenen PDF nennt dieselben Werte, sodass jeder sie abgleichen kann.',
  'receipt.eventLabel': 'Ihr Unterschriftsereignis (SHA-256)',

  'completed.subject': 'Abgeschlossen: „{title}“ ist von allen unterschrieben',
  'completed.preheader.attached': 'Alle haben unterschrieben. Das unterschriebene PDF ist angehängt.',
  'completed.preheader.link': 'Alle haben unterschrieben. Laden Sie das unterschriebene PDF herunter.',
  'completed.heading': 'Alle haben unterschrieben',
  'completed.intro': 'Alle haben {title} unterschrieben, gesendet von {sender}.',
  'completed.attached':
    'Das unterschriebene PDF ist dieser E-Mail angehängt. Bewahren Sie es auf; Sie können es auch hier herunterladen:',
  'completed.notAttached': 'Laden Sie das unterschriebene PDF herunter und bewahren Sie es auf:',
  'completed.attachedOnly': 'Das unterschriebene PDF ist dieser E-Mail angehängt. Bewahren Sie es auf.',
  'completed.button': 'Unterschriebenes PDF herunterladen',

  'ccCopy.subject': 'Kopie: „{title}“ von {sender}',
  'ccCopy.preheader': '{sender} hat Sie bei „{title}“ in Kopie gesetzt. Sie müssen nichts unterschreiben.',
  'ccCopy.heading': 'Sie sind bei einer Signaturanfrage in Kopie',
  'ccCopy.intro':
    '{sender} hat {title} an {signers} zum Unterschreiben gesendet und Sie zur Information in Kopie gesetzt.',
  'ccCopy.nothingToDo':
    'Sie müssen nichts unterschreiben. Sobald alle unterschrieben haben, senden wir Ihnen das unterschriebene Dokument.',

  'declined.subject': '{decliner} hat die Unterschrift für „{title}“ abgelehnt',
  'declined.preheader': '{decliner} hat abgelehnt. Die Anfrage ist geschlossen.',
  'declined.heading': 'Unterschrift abgelehnt',
  'declined.intro': '{decliner} hat abgelehnt, {title} zu unterschreiben.',
  'declined.closed':
    'Die Signaturanfrage ist geschlossen und ihre Links funktionieren nicht mehr. Sie müssen nichts weiter tun.',

  'cancelled.subject': 'Storniert: „{title}“',
  'cancelled.preheader': '{sender} hat diese Signaturanfrage storniert.',
  'cancelled.heading': 'Signaturanfrage storniert',
  'cancelled.intro': '{sender} hat die Anfrage zur Unterschrift von {title} storniert.',
  'cancelled.closed': 'Der Link funktioniert nicht mehr, und Sie müssen nichts weiter tun.',

  'reminder.subject': 'Erinnerung: Bitte „{title}“ unterschreiben',
  'reminder.preheader': '{sender} wartet auf Ihre Unterschrift. {left}',
  'reminder.heading': 'Ihre Unterschrift fehlt noch',
  'reminder.intro': '{sender} wartet darauf, dass Sie {title} unterschreiben.',
  'reminder.lessThanADay': 'Die Anfrage läuft in weniger als einem Tag ab, am {expires}.',
  'reminder.left.one': 'Die Anfrage läuft in {n} Tag ab, am {expires}.',
  'reminder.left.other': 'Die Anfrage läuft in {n} Tagen ab, am {expires}.',
  'reminder.button': 'Prüfen und unterschreiben',

  'otpCode.subject': 'Ihr Bestätigungscode für „{title}“',
  'otpCode.preheader.one': 'Innerhalb von {n} Minute verwenden. Niemals weitergeben.',
  'otpCode.preheader.other': 'Innerhalb von {n} Minuten verwenden. Niemals weitergeben.',
  'otpCode.heading': 'Ihr Bestätigungscode',
  'otpCode.intro': 'Geben Sie diesen Code ein, um {title} von {sender} zu öffnen:',
  'otpCode.validity.one':
    'Der Code gilt einmal und läuft in {n} Minute ab. Ist er abgelaufen, fordern Sie auf der Signaturseite einen neuen an.',
  'otpCode.validity.other':
    'Der Code gilt einmal und läuft in {n} Minuten ab. Ist er abgelaufen, fordern Sie auf der Signaturseite einen neuen an.',
  'otpCode.warning':
    'Geben Sie diesen Code niemals weiter. Wenn Sie nicht gerade versucht haben, dieses Dokument zu öffnen, ignorieren Sie diese E-Mail: Ohne den Code kann niemand in Ihrem Namen unterschreiben.',
  'label.signedBy': 'Unterschrieben von',
  'label.completedAt': 'Abgeschlossen',
  'label.declinedAt': 'Abgelehnt',
  'sent.completed.subject': 'Abgeschlossen: „{title}“ ist von allen unterschrieben',
  'sent.completed.preheader':
    'Alle, denen Sie „{title}“ gesendet haben, haben unterschrieben. Das versiegelte PDF liegt bereit.',
  'sent.completed.heading': 'Ihre Signaturanfrage ist abgeschlossen',
  'sent.completed.intro':
    'Alle haben {title} unterschrieben. Die unterschriebenen Dokumente sind versiegelt und stehen zum Download bereit.',
  'sent.declined.subject': '{decliner} hat „{title}“ abgelehnt',
  'sent.declined.preheader': '{decliner} hat die Unterschrift abgelehnt. Die Anfrage ist geschlossen.',
  'sent.declined.heading': 'Ihre Signaturanfrage wurde abgelehnt',
  'sent.declined.intro': '{decliner} hat abgelehnt, {title} zu unterschreiben.',
  'sent.declined.closed':
    'Die Anfrage ist geschlossen und ihre Signaturlinks funktionieren nicht mehr. Sie können sie erneut senden.',
  'sent.button': 'In {product} öffnen',
  'footer.sender':
    'Sie erhalten diese E-Mail, weil Sie diese Signaturanfrage gesendet haben. Sie können diese E-Mails in Ihren Einstellungen abschalten.',
  'footer.outcomeAddress':
    'Sie erhalten diese E-Mail, weil diese Adresse über den Ausgang jeder Signaturanfrage von {sender} informiert wird.',
  'memberInvite.subject': '{sender} hat Sie zu „{title}“ eingeladen',
  'memberInvite.preheader': 'Treten Sie dem Konto bei {product} bei. Der Link gilt bis {expires}.',
  'memberInvite.heading': 'Sie sind eingeladen',
  'memberInvite.intro': '{sender} hat Sie in das {product}-Konto {title} eingeladen.',
  'memberInvite.button': 'Einladung annehmen',
  'memberInvite.validity':
    'Der Link meldet Sie einmal an, bis {expires}. Danach melden Sie sich auf der Anmeldeseite mit dieser E-Mail-Adresse an.',
  'memberInvite.ignore': 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  'memberInvite.account': 'Konto',
};
